extension RequestEncoder {
    /// The unkeyed container of a node: elements are written in order, `[` when it opens
    /// and `]` when the node closes.
    ///
    /// `superEncoder` and reading `codingPath` decline the whole value (see ``RequestEncoder``).
    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let storage: Storage
        let position: Int
        let id: Int

        /// Reading it declines, as ``NodeEncoder/codingPath`` does.
        var codingPath: [any CodingKey] {
            storage.decline()
            return []
        }

        var count: Int { storage.count(position, id) }

        mutating func encodeNil() throws {
            try begin()
            storage.appendNull()
        }

        mutating func encode(_ value: Bool) throws {
            try begin()
            storage.append(value)
        }

        mutating func encode(_ value: String) throws {
            try begin()
            storage.append(value)
        }

        mutating func encode(_ value: Double) throws {
            try begin()
            try storage.appendFloatingPoint(value)
        }

        mutating func encode(_ value: Float) throws {
            try begin()
            try storage.appendFloatingPoint(value)
        }

        mutating func encode(_ value: Int) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int8) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int16) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int32) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int64) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: Int128) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt8) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt16) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt32) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt64) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode(_ value: UInt128) throws {
            try begin()
            storage.appendInteger(value)
        }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            try begin()
            try storage.encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let node = storage.beginElement(position, id) ? storage.pushKeyed() : Storage.deadNode
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(storage: storage, position: node.position, id: node.id))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let node = storage.beginElement(position, id) ? storage.pushUnkeyed() : Storage.deadNode
            return UnkeyedContainer(storage: storage, position: node.position, id: node.id)
        }

        /// Declines (`JSONEncoder` inserts a super encoder's value when the encoder is released).
        mutating func superEncoder() -> any Encoder {
            storage.decline()
            return NodeEncoder(storage: storage, position: 0, id: Storage.deadID)
        }

        private func begin() throws(Failure) {
            guard storage.beginElement(position, id) else { throw .unsupported }
        }
    }
}
