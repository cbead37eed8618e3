import SharedExpenses
import Testing

/// The friend operations (Rules/SharedExpensesState+Friends).
@Suite struct FriendRulesTests {
    static func send(_ author: String, to target: String, id: String = "f1", at time: Int64 = 1) -> ExpenseOperation {
        Ops.friend(.sendFriendRequest(target: target), by: author, id: id, at: time)
    }

    static func accept(_ author: String, from sender: String, id: String = "f2", at time: Int64 = 2) -> ExpenseOperation
    {
        Ops.friend(.acceptFriendRequest(sender: sender), by: author, id: id, at: time)
    }

    @Test func aSentRequestIsPending() {
        let state = foldAccepting([Self.send("alice", to: "bob")])
        #expect(state.friendRequests == [FriendRequest(sender: "alice", target: "bob")])
        #expect(state.friendRequests.first?.description == "alice->bob")
    }

    @Test func acceptingMakesFriendsAndTheRequestGoes() {
        let state = foldAccepting([Self.send("bob", to: "alice"), Self.accept("alice", from: "bob")])
        #expect(state.friendRequests.isEmpty)
        #expect(state.friendships == [Friendship("bob", "alice")])
        #expect(state.friendships.first?.description == "alice|bob")
    }

    @Test func rejectingRemovesTheRequestWithoutFriendship() {
        let state = foldAccepting([
            Self.send("alice", to: "bob"), Ops.friend(.rejectFriendRequest(sender: "alice"), by: "bob", at: 2),
        ])
        #expect(state.friendRequests.isEmpty)
        #expect(state.friendships.isEmpty)
    }

    @Test func rollingBackWithdrawsTheOwnRequest() {
        let state = foldAccepting([
            Self.send("alice", to: "bob"), Ops.friend(.rollbackFriendRequest(target: "bob"), by: "alice", at: 2),
        ])
        #expect(state.friendRequests.isEmpty)
    }

    @Test func unfriendingEndsTheFriendship() {
        let state = foldAccepting([
            Self.send("alice", to: "bob"), Self.accept("bob", from: "alice"),
            Ops.friend(.unfriend(target: "alice"), by: "bob", id: "f3", at: 3),
        ])
        #expect(state.friendships.isEmpty)
        #expect(state.friendRequests.isEmpty)
    }

    static let aliceToBob = FriendRequest(sender: "alice", target: "bob")
    static let friends = [send("alice", to: "bob"), accept("bob", from: "alice")]

    @Test(
        arguments: [
            ("a request to oneself", [], send("alice", to: "alice"), .friendRequestToSelf),
            (
                "the same request again", [send("alice", to: "bob")], send("alice", to: "bob", id: "f9", at: 5),
                .friendRequestPending(aliceToBob)
            ),
            (
                "a request the other way", [send("alice", to: "bob")], send("bob", to: "alice", id: "f9", at: 5),
                .friendRequestPending(aliceToBob)
            ),
            (
                "a request between friends", friends, send("bob", to: "alice", id: "f9", at: 5),
                .alreadyFriends(Friendship("alice", "bob"))
            ),
            ("accepting no request", [], accept("bob", from: "alice"), .noPendingFriendRequest(aliceToBob)),
            (
                "accepting one's own request", [send("alice", to: "bob")], accept("alice", from: "bob"),
                .noPendingFriendRequest(aliceToBob.reversed)
            ),
            (
                "rejecting no request", [],
                Ops.friend(.rejectFriendRequest(sender: "alice"), by: "bob"), .noPendingFriendRequest(aliceToBob)
            ),
            (
                "rolling back another's request", [send("alice", to: "bob")],
                Ops.friend(.rollbackFriendRequest(target: "alice"), by: "bob", at: 5),
                .noPendingFriendRequest(aliceToBob.reversed)
            ),
            (
                "rolling back an accepted request", friends,
                Ops.friend(.rollbackFriendRequest(target: "bob"), by: "alice", at: 5),
                .noPendingFriendRequest(aliceToBob)
            ),
            (
                "unfriending a stranger", [send("alice", to: "bob")],
                Ops.friend(.unfriend(target: "bob"), by: "alice", at: 5),
                .notFriends(Friendship("alice", "bob"))
            ),
        ] as [(String, [ExpenseOperation], ExpenseOperation, ExpenseRejection)])
    func aFriendOperationIsRejected(
        _ why: String, setup: [ExpenseOperation], operation: ExpenseOperation, rejection: ExpenseRejection
    ) {
        expectRejected(operation, after: setup, rejection)
    }
}
