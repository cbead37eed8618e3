import RxChain

/// The members of an expenses operation that ``GroupCreation`` reads, found in one pass
/// (``JSONFields``): `type`, `authorId`, and the payload's `groupId` and `participants`.
struct GroupCreationFields: JSONFields {
    enum Key { case type, authorId, payload }
    enum PayloadKey { case groupId, participants }

    var type: Value?
    var authorId: Value?
    var payload: Value?
    var groupId: Value?
    var participants: Value?

    var nested: Value? {
        get { payload }
        set { payload = newValue }
    }

    static func key(named name: UnsafeRawBufferPointer) -> Key? {
        if name.equals("type") { return .type }
        if name.equals("authorId") { return .authorId }
        if name.equals("payload") { return .payload }
        return nil
    }

    static func nestedKey(named name: UnsafeRawBufferPointer) -> PayloadKey? {
        if name.equals("groupId") { return .groupId }
        if name.equals("participants") { return .participants }
        return nil
    }

    static func plainKey(_ scanner: inout JSONScanner) -> Key? { nil }
    static func plainNestedKey(_ scanner: inout JSONScanner) -> PayloadKey? { nil }
    static func isNesting(_ key: Key) -> Bool { key == .payload }

    mutating func collect(_ key: Key, _ value: Value) {
        switch key {
        case .type: type = value
        case .authorId: authorId = value
        case .payload: payload = value
        }
    }

    mutating func collectNested(_ key: PayloadKey, _ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        let value = try scanner.scanValue(depth: 2)
        switch key {
        case .groupId: groupId = value
        case .participants: participants = value
        }
    }

    mutating func forgetNestedMembers() { (groupId, participants) = (nil, nil) }

    mutating func scanCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? { nil }
    mutating func scanNestedCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? {
        nil
    }

    /// The operation the fields spell when it is a `createSpendingGroup`, else `nil`.
    func groupCreation(_ reader: JSONFieldReader) -> GroupCreation? {
        do throws(JSONFieldError) {
            let isCreation = try reader.name(type, "type", isNot: "an operation type") { name -> Bool? in
                name.equals("createSpendingGroup")
            }
            guard isCreation else { return nil }
            let author = try reader.string(authorId, "authorId", nonEmpty: true)
            try reader.requireObject(payload, "payload")
            let group = try reader.string(groupId, "payload.groupId", nonEmpty: true)
            guard let names = strings(participants, reader) else { return nil }
            return GroupCreation(authorID: author, groupID: group, participants: names)
        } catch {
            return nil
        }
    }

    /// The strings of an array value; `nil` when it is absent, not an array, or holds anything but
    /// strings.
    private func strings(_ value: Value?, _ reader: JSONFieldReader) -> [String]? {
        guard let value, value.kind == .array else { return nil }
        var scanner = reader.scanner
        scanner.index = value.start + 1
        var names: [String] = []
        do throws(JSONScanner.SyntaxError) {
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "]") { return [] }
            while true {
                let element = try scanner.scanValue(depth: 3)
                guard element.kind == .string else { return nil }
                names.append(scanner.string(element))
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "]") { return names }
                try scanner.expect(UInt8(ascii: ","))
                scanner.skipWhitespace()
            }
        } catch {
            return nil
        }
    }
}
