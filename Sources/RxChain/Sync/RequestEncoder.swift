import Foundation

/// Encodes a sync request to exactly the bytes the sync manager's `JSONEncoder` writes, or declines.
///
/// The ``SyncManager`` encodes requests with a `JSONEncoder` set to
/// `[.sortedKeys, .withoutEscapingSlashes]`. This encoder writes the same JSON text, byte for
/// byte, without the `JSONEncoder`'s intermediate tree, for plain data:
///
/// - keyed containers (structs, classes, enums with associated values), with the keys
///   sorted as `JSONEncoder` sorts them: by their UTF-8 bytes (`"B" < "_" < "a" < "ab"`,
///   `"e\u{301}"` before `"é"`); nested keyed and unkeyed containers; arrays; dictionaries
///   with `String` or `Int` keys (the dictionary's own `Encodable` turns `Int` keys into
///   strings); `encodeIfPresent` leaving out `nil`; `encodeNil` writing `null`;
/// - `Bool`; every integer type up to 128 bits; finite `Float` and `Double` (their
///   `description` without a trailing `.0`, as `JSONEncoder` writes them: `1`, `0.1`,
///   `1e+300`, `-0`);
/// - `String`, escaped as `JSONEncoder` escapes it: `\"`, `\\`, `\b \f \n \r \t`, other
///   control characters as `\u00xx` (lowercase hex), everything else (`/`, DEL, non-ASCII)
///   as is. So, like `JSONEncoder`'s, the output never holds a raw line break.
///
/// Everything else throws ``Failure/unsupported``, and the caller encodes the value with its
/// `JSONEncoder` instead: a `Date`, `Data`, `URL` or `Decimal` anywhere (`JSONEncoder` applies
/// its strategies to them), a NaN or infinite number (`JSONEncoder` throws), `superEncoder`,
/// reading `codingPath`, a value that encodes nothing or twice into one single-value
/// container, two keys in one object that `String` equality calls equal (`"K"` and the
/// Kelvin sign), containers used out of nesting order, nesting deeper than
/// ``Storage/maximumDepth``, and any error thrown by the value's own `encode(to:)`. So the
/// promise is: the result, or the error, is always the `JSONEncoder`'s, and a declined value
/// costs one more `encode(to:)`, which must therefore be free of side effects.
///
/// ```swift
/// let payload = (try? RequestEncoder.encode(request)) ?? (try encoder.encode(request))
/// ```
enum RequestEncoder {
    /// Why a value was declined: ``RequestEncoder`` does not write it exactly as `JSONEncoder` does.
    enum Failure: Error, Equatable {
        /// Encode this value with `JSONEncoder` instead.
        case unsupported
    }

    /// The JSON text of `value`, byte for byte what the sync manager's `JSONEncoder` writes.
    ///
    /// - Throws: ``Failure/unsupported`` for anything outside plain data (see the type's
    ///   documentation); never another error.
    static func encode<Value: Encodable>(_ value: Value) throws(Failure) -> Data {
        let storage = Storage()
        try storage.encodeValue(value)
        return Data(storage.bytes)
    }

    /// Whether `JSONEncoder` encodes values of `type` its own way instead of through their `encode(to:)`.
    ///
    /// `JSONEncoder` casts every value it is given to these four types (an `Optional`
    /// wrapping one reaches this check again for the wrapped type). The fast path
    /// declines them rather than copy the strategies.
    static func isSpecialCased<Value>(_ type: Value.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
    }
}
