/// What a `timeEntries/put` does to one clearable field: leave it (the key is absent),
/// clear it (`null`), or set it.
public enum FieldChange<Value: Sendable & Hashable & Codable>: Sendable, Hashable {
    /// The key is absent: the field keeps its value.
    case keep
    /// The key is `null`: the field is cleared (`stop: null` makes the entry run).
    case clear
    /// The field takes this value.
    case set(Value)

    /// The field's value after the change, given its value before.
    func applied(to value: Value?) -> Value? {
        switch self {
        case .keep: value
        case .clear: nil
        case .set(let new): new
        }
    }
}

extension KeyedDecodingContainer {
    /// Reads a clearable field: absent is ``FieldChange/keep``, `null` is ``FieldChange/clear``.
    func decodeChange<Value>(_ type: Value.Type, forKey key: Key) throws -> FieldChange<Value> {
        guard contains(key) else { return .keep }
        if try decodeNil(forKey: key) { return .clear }
        return .set(try decode(Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes a clearable field: nothing for ``FieldChange/keep``, `null` for ``FieldChange/clear``.
    mutating func encode<Value>(_ change: FieldChange<Value>, forKey key: Key) throws {
        switch change {
        case .keep: break
        case .clear: try encodeNil(forKey: key)
        case .set(let value): try encode(value, forKey: key)
        }
    }
}
