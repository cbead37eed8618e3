extension RequestEncoder {
    /// The keyed container of a node: each member is written as `"key":value` as it comes,
    /// and the node sorts them when it closes.
    ///
    /// Two members whose keys are equal strings, `superEncoder` and reading `codingPath`
    /// decline the whole value (see ``RequestEncoder``).
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let storage: Storage
        let position: Int
        let id: Int

        /// Reading it declines, as ``NodeEncoder/codingPath`` does.
        var codingPath: [any CodingKey] {
            storage.decline()
            return []
        }

        mutating func encodeNil(forKey key: Key) throws {
            try begin(key)
            storage.appendNull()
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws {
            try begin(key)
            storage.append(value)
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            try begin(key)
            storage.append(value)
        }

        mutating func encode(_ value: Double, forKey key: Key) throws {
            try begin(key)
            try storage.appendFloatingPoint(value)
        }

        mutating func encode(_ value: Float, forKey key: Key) throws {
            try begin(key)
            try storage.appendFloatingPoint(value)
        }

        mutating func encode(_ value: Int, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int8, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int16, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int32, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int64, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int128, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt8, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt16, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt32, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt64, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt128, forKey key: Key) throws {
            try begin(key)
            storage.appendInteger(value)
        }

        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
            try begin(key)
            try storage.encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let node = storage.beginMember(key.stringValue, position, id) ? storage.pushKeyed() : Storage.deadNode
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(storage: storage, position: node.position, id: node.id))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let node = storage.beginMember(key.stringValue, position, id) ? storage.pushUnkeyed() : Storage.deadNode
            return UnkeyedContainer(storage: storage, position: node.position, id: node.id)
        }

        /// Declines (`JSONEncoder` writes a super encoder's value when the encoder is released).
        mutating func superEncoder() -> any Encoder {
            storage.decline()
            return NodeEncoder(storage: storage, position: 0, id: Storage.deadID)
        }

        /// Declines, as ``superEncoder()`` does.
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            superEncoder()
        }

        private func begin(_ key: Key) throws(Failure) {
            guard storage.beginMember(key.stringValue, position, id) else { throw .unsupported }
        }
    }
}
