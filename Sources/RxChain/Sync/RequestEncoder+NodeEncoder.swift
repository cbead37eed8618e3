extension RequestEncoder {
    /// The `Encoder` a value encodes itself into, and its single-value container (as in `JSONEncoder`).
    ///
    /// A value's node decides what it is by the first container used: keyed, unkeyed or
    /// a single value. Mixing them, a second single value, `superEncoder` or reading
    /// `codingPath` declines the whole value (see ``RequestEncoder``).
    struct NodeEncoder: Encoder, SingleValueEncodingContainer {
        let storage: Storage
        let position: Int
        let id: Int

        /// Reading it declines: a value that looks at its path may write what the fast path cannot foresee.
        var codingPath: [any CodingKey] {
            storage.decline()
            return []
        }

        /// Empty, as the sync manager's `JSONEncoder` has none.
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let id = storage.makeKeyed(position, id) ? id : Storage.deadID
            return KeyedEncodingContainer(KeyedContainer<Key>(storage: storage, position: position, id: id))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            let id = storage.makeUnkeyed(position, id) ? id : Storage.deadID
            return UnkeyedContainer(storage: storage, position: position, id: id)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { self }

        // MARK: SingleValueEncodingContainer

        func encodeNil() throws {
            try storage.beginSingle(position, id)
            storage.appendNull()
        }

        func encode(_ value: Bool) throws {
            try storage.beginSingle(position, id)
            storage.append(value)
        }

        func encode(_ value: String) throws {
            try storage.beginSingle(position, id)
            storage.append(value)
        }

        func encode(_ value: Double) throws {
            try storage.beginSingle(position, id)
            try storage.appendFloatingPoint(value)
        }

        func encode(_ value: Float) throws {
            try storage.beginSingle(position, id)
            try storage.appendFloatingPoint(value)
        }

        func encode(_ value: Int) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: Int8) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: Int16) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: Int32) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: Int64) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: Int128) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: UInt) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: UInt8) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: UInt16) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: UInt32) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: UInt64) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode(_ value: UInt128) throws {
            try storage.beginSingle(position, id)
            storage.appendInteger(value)
        }

        func encode<Value: Encodable>(_ value: Value) throws {
            try storage.beginSingle(position, id)
            try storage.encodeValue(value)
        }
    }
}
