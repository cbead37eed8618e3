import RxChainDevice
import SharedExpenses
import Testing

/// How operations travel to the server: one JSON writer, the reader's inverse; each operation in
/// its own log; a record counts only when the server vouches for its author.
@Suite struct SharedExpensesServerLogTests {
    static let operations: [ExpenseOperation] = [
        Ops.group(name: "Trip \"2026\" \u{1}é"),
        Ops.group("G2", members: ["bob", "alice"], id: "g2"),
        Ops.deleteGroup(),
        Ops.spending(),
        Ops.spending(amount: 1, shares: [("alice", 1), ("bob", -1)], id: "s-small"),
        Ops.deleteSpending(),
        Ops.friend(.sendFriendRequest(target: "bob"), by: "alice"),
        Ops.friend(.acceptFriendRequest(sender: "alice"), by: "bob"),
        Ops.friend(.rejectFriendRequest(sender: "carol"), by: "bob"),
        Ops.friend(.rollbackFriendRequest(target: "dave"), by: "alice"),
        Ops.friend(.unfriend(target: "bob"), by: "alice"),
        ExpenseOperation(
            operationID: "u", createdAt: Int64.max, authorID: "alice", payload: .unknown(type: "settleUp")),
    ]

    @Test(arguments: operations)
    func theWrittenJSONReadsBackAsTheSameOperation(_ operation: ExpenseOperation) throws {
        #expect(try ExpenseOperation(json: operation.json) == operation)
    }

    @Test func eachOperationGoesToItsOwnLog() {
        let domain = SharedExpensesDomain()
        let logs = Self.operations.map { domain.outgoing($0).log }
        #expect(
            logs == [
                "groups/G1/operations", "groups/G2/operations", "groups/G1/operations", "groups/G1/operations",
                "groups/G1/operations", "groups/G1/operations", "requests/alice/to/bob", "requests/bob/to/alice",
                "requests/bob/to/carol", "requests/alice/to/dave", "requests/alice/to/bob", "users/alice/operations",
            ])
        #expect(Self.operations.allSatisfy { domain.outgoing($0).body == $0.json })
    }

    @Test(arguments: operations)
    func aRecordOfTheAuthorReadsBackAsTheOperation(_ operation: ExpenseOperation) {
        let domain = SharedExpensesDomain()
        let (log, body) = domain.outgoing(operation)
        let record = ServerLogRecord(
            log: log, id: operation.operationID, creator: operation.authorID, body: body, seq: 1, ts: 9)
        #expect(domain.entry(from: record) == operation)
    }

    @Test func aRecordTheServerDoesNotVouchForIsDropped() {
        let domain = SharedExpensesDomain()
        let operation = Ops.spending(by: "alice")
        let body = operation.json
        let forged = ServerLogRecord(log: "groups/G1/operations", id: "s", creator: "mallory", body: body)
        #expect(domain.entry(from: forged) == nil, "an operation in another user's name")
        let elsewhere = ServerLogRecord(log: "groups/G9/operations", id: "s", creator: "alice", body: body)
        #expect(domain.entry(from: elsewhere) == nil, "a group's operation in another group's log")
        let renamed = ServerLogRecord(log: "groups/G1/operations", id: "other", creator: "alice", body: body)
        #expect(domain.entry(from: renamed) == nil, "an entry id that is not the operationId")
        let todo = ServerLogRecord(
            log: "requests/alice/to/bob", id: "t1", creator: "alice", body: Array(#"{"type":"request"}"#.utf8))
        #expect(domain.entry(from: todo) == nil, "another application's entry in a shared mailbox")
    }

    @Test func theLogsToReadAreTheViewersGroups() {
        let fold = Ops.fold([
            Ops.group("G1", members: ["alice", "bob"], id: "g1"),
            Ops.group("G2", by: "bob", members: ["bob", "carol"], id: "g2"),
        ])
        #expect(SharedExpensesDomain(viewer: "alice").logsToRead(in: fold.state) == ["groups/G1/operations"])
        #expect(SharedExpensesDomain(viewer: "bob").logsToRead(in: fold.state).count == 2)
    }

    @Test(
        arguments: [
            ("12.34", 1234), ("12.3", 1230), ("12", 1200), ("0.05", 5), ("0", 0), ("92233720368547758.07", Int64.max),
        ] as [(String, Int64)])
    func anAmountIsReadExactlyInMinorUnits(_ text: String, _ minor: Int64) {
        #expect(MinorUnits.parse(text) == minor)
        #expect(MinorUnits.parse(MinorUnits.format(minor)) == minor)
    }

    @Test(arguments: ["", ".5", "1.", "1.234", "-1", "+1", "1e3", "1,5", "١٢", "92233720368547758.08", "0x10"])
    func aMalformedAmountIsRefused(_ text: String) {
        #expect(MinorUnits.parse(text) == nil)
    }

    @Test func anAmountSplitMustSumToTheAmount() throws {
        let shares = try AmountSplit.shares(of: 1234, paidBy: "alice", portions: [("bob", 734), ("alice", 500)])
        #expect(shares == [Share(userID: "alice", amount: 734), Share(userID: "bob", amount: -734)])
        #expect(throws: AmountSplit.Failure.portionsDoNotSumToAmount(sum: 1233, amount: 1234)) {
            try AmountSplit.shares(of: 1234, paidBy: "alice", portions: [("bob", 733), ("alice", 500)])
        }
    }
}
