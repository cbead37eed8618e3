import SharedExpenses
import Testing

/// Where an expense with a group or a friend goes, and the operations that record it.
@Suite struct SpendingTargetTests {
    let state = Ops.fold([
        Ops.group(), Ops.group("P1", by: "bob", members: ["alice", "bob"], id: "p", at: 2),
        Ops.group("G2", by: "dave", members: ["dave", "erin"], id: "g2", at: 3),
        Ops.friend(.sendFriendRequest(target: "bob"), by: "alice", id: "f1", at: 4),
        Ops.friend(.acceptFriendRequest(sender: "alice"), by: "bob", id: "f2", at: 5),
        Ops.friend(.sendFriendRequest(target: "alice"), by: "carol", id: "f3", at: 6),
        Ops.friend(.acceptFriendRequest(sender: "carol"), by: "alice", id: "f4", at: 7),
        Ops.friend(.sendFriendRequest(target: "dave"), by: "alice", id: "f5", at: 8),
    ]).state

    func spending(in groupID: String) -> SpendingCreationPayload {
        SpendingCreationPayload(
            spendingID: "S1", groupID: groupID, name: "lunch", currency: "EUR", amount: 1000,
            shares: [Share(userID: "alice", amount: 500), Share(userID: "bob", amount: -500)])
    }

    @Test func aGroupOfTheUserIsTheTargetAndTheSpendingIsMadeAtTheTime() throws {
        let target = try Counterparty.group(id: "G1", name: nil).target(for: "alice", in: state, newGroupID: "new")
        #expect(target == SpendingTarget(groupID: "G1", members: ["alice", "bob", "carol"]))
        let operations = target.operations(adding: spending(in: "G1"), by: "alice", at: 100, ids: ("s", "g"))
        #expect(operations.map(\.operationID) == ["s"])
        #expect(operations.map(\.createdAt) == [100])
    }

    @Test(arguments: ["G2", "G9"])
    func aGroupTheUserIsNotInIsGone(_ group: String) {
        #expect(throws: AddExpenseFlow.Failure.groupGone(group)) {
            try Counterparty.group(id: group, name: nil).target(for: "alice", in: state, newGroupID: "new")
        }
    }

    @Test func aFriendWithAGroupOfTheTwoSpendsInIt() throws {
        let target = try Counterparty.friend("bob").target(for: "alice", in: state, newGroupID: "new")
        #expect(target == SpendingTarget(groupID: "P1", members: ["alice", "bob"]))
    }

    @Test func aFriendWithoutAGroupOfTheTwoGetsOneCreatedFirst() throws {
        let target = try Counterparty.friend("carol").target(for: "alice", in: state, newGroupID: "new")
        let creation = GroupCreationPayload(groupID: "new", participants: ["alice", "carol"])
        #expect(target == SpendingTarget(groupID: "new", members: ["alice", "carol"], creation: creation))
        let operations = target.operations(adding: spending(in: "new"), by: "alice", at: 100, ids: ("s", "g"))
        #expect(operations.map(\.operationID) == ["g", "s"])
        #expect(operations.map(\.createdAt) == [100, 101])
        #expect(operations.map(\.authorID) == ["alice", "alice"])
        #expect(operations[0].payload == .createSpendingGroup(creation))
    }

    @Test(arguments: ["dave", "erin"])
    func someoneWhoIsNotAFriendIsRefused(_ other: String) {
        #expect(throws: AddExpenseFlow.Failure.notAFriend(other)) {
            try Counterparty.friend(other).target(for: "alice", in: state, newGroupID: "new")
        }
    }
}
