import SharedExpenses
import Testing

/// `createSpendingGroup` and `deleteSpendingGroup` (Rules/SharedExpensesState+Groups).
@Suite struct GroupRulesTests {
    @Test func aGroupKeepsItsParticipantsDeDuplicatedAndSortedWithAnEmptyBalance() {
        let state = foldAccepting([
            Ops.group(by: "bob", members: ["carol", "bob", "alice", "bob"], name: "Trip", at: 7)
        ])
        #expect(
            state.groups == [
                "G1": SpendingGroup(id: "G1", name: "Trip", participants: ["alice", "bob", "carol"], createdAt: 7)
            ])
        #expect(state.balances == ["G1": [:]])
        #expect(state.usedGroupIDs == ["G1"])
    }

    @Test func aGroupWithoutADisplayNameHasNoName() {
        let state = foldAccepting([Ops.group(members: ["alice", "bob"])])
        #expect(state.groups["G1"]?.name == nil)
    }

    @Test(
        arguments: [
            ("a live group's id", [Ops.group()], Ops.group(id: "g2", at: 2), .groupExists(groupID: "G1")),
            (
                "a deleted group's id", [Ops.group(), Ops.deleteGroup(at: 2)], Ops.group(by: "bob", id: "g2", at: 3),
                .groupIDOfADeletedGroup(groupID: "G1")
            ),
            (
                "the author not a participant", [], Ops.group(members: ["bob", "carol"]),
                .authorNotAParticipant(author: "alice")
            ),
            ("one participant twice", [], Ops.group(members: ["alice", "alice"]), .tooFewParticipants(count: 1)),
            ("no participant but the author", [], Ops.group(members: ["alice"]), .tooFewParticipants(count: 1)),
        ] as [(String, [ExpenseOperation], ExpenseOperation, ExpenseRejection)])
    func aGroupCreationIsRejected(
        _ why: String, setup: [ExpenseOperation], operation: ExpenseOperation,
        rejection: ExpenseRejection
    ) {
        expectRejected(operation, after: setup, rejection)
    }

    @Test func deletingAGroupTakesItsSpendingsAndBalancesButNotOtherGroups() {
        let state = foldAccepting([
            Ops.group(), Ops.group("G2", members: ["alice", "bob"], id: "g2"), Ops.spending(id: "s1"),
            Ops.spending("S2", in: "G2", shares: [("alice", 5), ("bob", -5)], id: "s2"), Ops.deleteGroup(by: "carol"),
        ])
        #expect(state.groups.keys.sorted() == ["G2"])
        #expect(state.spendings.keys.sorted() == ["S2"])
        #expect(state.balances == ["G2": ["alice": ["EUR": 5], "bob": ["EUR": -5]]])
        #expect(state.usedSpendingIDs.dictionary == ["S1": "G1", "S2": "G2"])
    }

    @Test(
        arguments: [
            ("no such group", [Ops.group()], Ops.deleteGroup("G2"), .noSuchGroup(groupID: "G2")),
            (
                "a group deleted already", [Ops.group(), Ops.deleteGroup(id: "dg1", at: 2)], Ops.deleteGroup(at: 3),
                .noSuchGroup(groupID: "G1")
            ),
            (
                "the author not a member", [Ops.group()], Ops.deleteGroup(by: "dave"),
                .authorNotAMember(author: "dave", groupID: "G1")
            ),
        ] as [(String, [ExpenseOperation], ExpenseOperation, ExpenseRejection)])
    func aGroupDeletionIsRejected(
        _ why: String, setup: [ExpenseOperation], operation: ExpenseOperation,
        rejection: ExpenseRejection
    ) {
        expectRejected(operation, after: setup, rejection)
    }

    @Test func anUnknownTypeIsRejected() {
        let operation = ExpenseOperation(
            operationID: "x", createdAt: 1, authorID: "alice", payload: .unknown(type: "renameGroup"))
        expectRejected(operation, after: [Ops.group()], .unknownType("renameGroup"))
        #expect(ExpenseRejection.unknownType("renameGroup").description == #"unknown operation type "renameGroup""#)
    }
}
