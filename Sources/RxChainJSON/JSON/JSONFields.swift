/// The members of one JSON line that a domain reads, collected in a single pass over the line
/// under the domain's table of keys: where each value sits and what JSON type it is, not yet
/// checked against the domain's shapes (``JSONFieldReader`` does that).
///
/// A domain supplies the key table (the names it reads at the top level and inside one nested
/// object, such as `payload`), the storage, and optionally a fast path for the layout its own
/// writer produces; ``scan(_:)`` supplies the pass. What the pass promises:
/// - The whole object is validated (``JSONScanner``'s rules) before it returns; unknown members
///   at any level are scanned and skipped.
/// - The nested object's members are captured under every name in the table, wherever they
///   sit, so key order never matters.
/// - Duplicate keys: the last one wins, at both levels; a later nested object drops the
///   members of an earlier one (``forgetNestedMembers()``).
/// - Keys written with escapes (`"typ\u0065"`) count as the names they spell.
@usableFromInline
package protocol JSONFields {
    /// The top-level members the domain reads.
    associatedtype Key
    /// The members of the nested object the domain reads.
    associatedtype NestedKey
    typealias Value = JSONScanner.Value

    /// The top-level name these (unescaped) bytes spell, if the domain reads it.
    static func key(named name: UnsafeRawBufferPointer) -> Key?
    /// The nested name these (unescaped) bytes spell, if the domain reads it.
    static func nestedKey(named name: UnsafeRawBufferPointer) -> NestedKey?
    /// The top-level key the scanner is on (its opening `"`) when spelled plainly, matched as
    /// bytes and skipped through its closing `"`; `nil`, the scanner unmoved, for anything else.
    static func plainKey(_ scanner: inout JSONScanner) -> Key?
    /// The nested key the scanner is on, like ``plainKey(_:)``.
    static func plainNestedKey(_ scanner: inout JSONScanner) -> NestedKey?
    /// Whether `key` is the member holding the nested object.
    static func isNesting(_ key: Key) -> Bool

    /// The nested object's value (an object, or any other value standing in its place).
    var nested: Value? { get set }
    /// Stores a top-level member's value (never the nesting member's: that is ``nested``).
    mutating func collect(_ key: Key, _ value: Value)
    /// Scans and stores the value of a nested member (the scanner is on the value, at depth 2).
    mutating func collectNested(_ key: NestedKey, _ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError)
    /// Drops the nested members collected so far: a later nesting member replaces them.
    mutating func forgetNestedMembers()

    /// Matches the domain's own layout from the object's `{`: `nil`, the scanner unmoved, when
    /// the line does not start that way; else whether members remain (the scanner on a key).
    mutating func scanCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool?
    /// Matches the domain's own layout of the nested object from its `{`, like
    /// ``scanCommonLayout(_:)``.
    mutating func scanNestedCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool?
}
