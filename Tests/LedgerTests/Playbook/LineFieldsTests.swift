import RxChainJSON
import RxChainLogs
import RxChainTesting
import Testing

@testable import Ledger

/// `LineFields` matches the layout `encodeLine` writes member by member and hands any other
/// layout to its general loop, at the member where the two part: every spelling of a line
/// must read the same.
@Suite struct LineFieldsTests {
    @Test func everySpellingOfALineReadsAsItsCanonicalLine() throws {
        try forAll(Gen.zip(Self.entries, Gen.element(of: Spelling.allCases)), iterations: 600) { entry, spelling in
            let canonical = entry.action.encodeLine(actionId: entry.actionId)
            let respelled = LineSpeller(entry).line(spelling)
            return ActionParser.parse(canonical) == .success(entry)
                && ActionParser.parse(respelled) == .success(entry)
        }
    }

    @Test func brokenCanonicalLinesFailAsTheReferenceReaderSays() throws {
        let mutations = Gen<UInt64>(generate: { random in random.next() })
        try forAll(Gen.zip(Self.entries, mutations), iterations: 1500) { entry, mutationSeed in
            var lines = LineGenerator(seed: mutationSeed)
            var bytes = Array(entry.action.encodeLine(actionId: entry.actionId).utf8)
            bytes = lines.mutate(bytes)
            if lines.chance(30) { bytes = lines.mutate(bytes) }
            let fast = bytes.withUnsafeBytes { ActionParser.parse($0) }
            return ActionParserPropertyTests.agree(fast, ReferenceActionReader.parse(bytes))
        }
    }

    @Test(arguments: [
        #"{"type": "categories/new","payload": "Food"}"#,
        #"{"type":"categories/new","payload": "Food" }"#,
        #"{"type":"categories/new" ,"payload":"Food"}"#,
        "{\"type\":\t\"categories/new\",\"payload\":\r\n\"Food\"}",
        #" {"type":"categories/new","payload":"Food"} "#,
    ])
    func whitespaceAnywhereInTheCommonLayoutReadsTheSame(line: String) throws {
        #expect(try ActionParser.parse(line).get() == LedgerEntry(action: .newCategory("Food")))
    }

    @Test func whitespaceBeforeValuesInTheCommonLayoutReadsTheSame() throws {
        let line = """
            {"type": "transactions/put","payload": {"id": "t","charge": -12.5,"category": "Food",\
            "type": "CASH","description": "d","modifiedAt": "2024-01-01T00:00:00Z",\
            "deletedAt": "2024-01-02T00:00:00Z"},"actionId": "phone:7"}
            """
        let expected = LedgerEntry(
            action: put(
                "t", -12.5, category: "Food", type: .cash, description: "d", modified: "2024-01-01T00:00:00Z",
                deleted: "2024-01-02T00:00:00Z"),
            actionId: ActionID(deviceID: "phone", seq: 7))
        #expect(try ActionParser.parse(line).get() == expected)
        #expect(try ActionParser.parse(line.replacingOccurrences(of: ": ", with: ":")).get() == expected)
    }

    @Test func aLaterPayloadDropsTheMembersOfAnEarlierOne() {
        let line = """
            {"type":"transactions/put","payload":{"id":"a","charge":1,"modifiedAt":"2024-01-01T00:00:00Z"},\
            "payload":{"id":"b","modifiedAt":"2024-01-01T00:00:00Z"}}
            """
        #expect(ActionParser.parse(line).failureField == "payload.charge")
    }

    // MARK: - Generators

    /// Entries of every action, with texts that need escapes and charges of every form.
    static let entries: Gen<LedgerEntry> = {
        let text = LedgerGen.text
        let put = Gen.zip(
            Gen.zip(text, LedgerGen.charge, text.optional(), Gen.element(of: TransactionType.allCases).optional()),
            Gen.zip(text.optional(), LedgerGen.timestamp, LedgerGen.timestamp.optional())
        )
        .map { first, second in
            LedgerAction.putTransaction(
                TransactionPut(
                    unchecked: "t" + first.0, charge: first.1, category: first.2, type: first.3,
                    description: second.0, modifiedAt: second.1, deletedAt: second.2))
        }
        let delete = Gen.zip(text, LedgerGen.timestamp).map {
            LedgerAction.deleteTransaction(id: "t" + $0, deletedAt: $1)
        }
        let action = Gen.oneOf(
            put, delete, text.map { LedgerAction.newCategory($0) },
            Gen.zip(text, text).map { LedgerAction.renameCategory(from: $0, to: $1) },
            text.map { LedgerAction.deleteCategory($0) })
        let seq = Gen.oneOf(
            Gen.integer(in: 0...99), Gen.element(of: [1_234_567, 12_345_678, 99_999_999, UInt64.max]))
        let actionId = Gen.zip(text, seq).map { ActionID(deviceID: "d" + $0, seq: $1) }.optional()
        return Gen.zip(action, actionId).map { LedgerEntry(action: $0, actionId: $1) }
    }()

    /// Ways to write a line that change nothing it says.
    enum Spelling: CaseIterable, Sendable {
        case payloadFirst, actionIdFirst, spacesAroundEverything, spaceAfterColons, escapedKeys
        case duplicatedType, duplicatedPayload, unknownMembers, payloadMembersReversed
    }
}

/// Writes an entry's line member by member, in any of the ``LineFieldsTests/Spelling``s.
private struct LineSpeller {
    /// A member's key (unquoted; plain ASCII) and value (JSON text).
    typealias Member = (key: String, value: String)
    let top: [Member]
    /// The payload's members, when it is an object.
    let payload: [Member]?

    init(_ entry: LedgerEntry) {
        var payload: [Member]?
        var payloadText = ""
        switch entry.action {
        case .putTransaction(let put):
            var members: [Member] = [("id", Self.string(put.id)), ("charge", Self.number(put.charge))]
            if let category = put.category { members.append(("category", Self.string(category))) }
            if let type = put.type { members.append(("type", Self.string(type.rawValue))) }
            if let description = put.description { members.append(("description", Self.string(description))) }
            members.append(("modifiedAt", Self.string(put.modifiedAt.description)))
            if let deletedAt = put.deletedAt { members.append(("deletedAt", Self.string(deletedAt.description))) }
            payload = members
        case .deleteTransaction(let id, let deletedAt):
            payload = [("id", Self.string(id)), ("deletedAt", Self.string(deletedAt.description))]
        case .renameCategory(let from, let to):
            payload = [("from", Self.string(from)), ("to", Self.string(to))]
        case .newCategory(let name), .deleteCategory(let name):
            payloadText = Self.string(name)
        }
        var top: [Member] = [("type", Self.string(entry.action.tag.rawValue)), ("payload", payloadText)]
        if let actionId = entry.actionId { top.append(("actionId", Self.string(actionId.description))) }
        self.top = top
        self.payload = payload
    }

    func line(_ spelling: LineFieldsTests.Spelling) -> String {
        var top = self.top
        var payload = self.payload
        var separator = ","
        var colon = ":"
        var key = Self.string
        switch spelling {
        case .payloadFirst: top.swapAt(0, 1)
        case .actionIdFirst: top.insert(top.removeLast(), at: 0)
        case .spacesAroundEverything: (separator, colon) = (" ,\t", " : ")
        case .spaceAfterColons: colon = ": "
        case .escapedKeys: key = Self.escapingFirstLetter
        case .duplicatedType: top.insert(("type", Self.string("categories/delete")), at: 0)
        case .duplicatedPayload:
            top.insert(("payload", #"{"id":"decoy","charge":1,"from":"x","to":"y","deletedAt":"bad"}"#), at: 0)
        case .unknownMembers:
            top.insert(("meta", #"{"type":"x","payload":[1,{"id":"no"}],"actionId":null}"#), at: 1)
            let middle = (payload?.count ?? 0) / 2
            payload?.insert(("note", #"[{"charge":"x"},-0.5e-3,true]"#), at: middle)
        case .payloadMembersReversed: payload?.reverse()
        }
        func object(_ members: [Member]) -> String {
            "{" + members.map { key($0.key) + colon + $0.value }.joined(separator: separator) + "}"
        }
        if let payload, let index = top.lastIndex(where: { $0.key == "payload" }) {
            top[index].value = object(payload)
        }
        return object(top)
    }

    private static func string(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.text
    }

    private static func number(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.number(value)
        return writer.text
    }

    /// `"\u0074ype"` for `type`: the same key, its first letter escaped.
    private static func escapingFirstLetter(_ key: String) -> String {
        let first = key.unicodeScalars.first!.value
        let hex = String(first, radix: 16)
        return "\"\\u" + String(repeating: "0", count: 4 - hex.count) + hex + key.dropFirst() + "\""
    }
}
