extension SharedExpensesState {
    /// `sendFriendRequest`: not to oneself; no request pending either way; not friends already.
    mutating func sendFriendRequest(_ request: FriendRequest) throws(ExpenseRejection) {
        guard request.sender != request.target else { throw .friendRequestToSelf }
        if friendRequests.contains(request) { throw .friendRequestPending(request) }
        if friendRequests.contains(request.reversed) { throw .friendRequestPending(request.reversed) }
        let friendship = Friendship(request.sender, request.target)
        if friendships.contains(friendship) { throw .alreadyFriends(friendship) }
        friendRequests.insert(request)
    }

    /// `acceptFriendRequest` / `rejectFriendRequest`: the request to the author is pending; it
    /// goes, and accepting makes the two friends.
    mutating func answerFriendRequest(_ request: FriendRequest, accept: Bool) throws(ExpenseRejection) {
        guard friendRequests.remove(request) != nil else { throw .noPendingFriendRequest(request) }
        if accept { friendships.insert(Friendship(request.sender, request.target)) }
    }

    /// `rollbackFriendRequest`: the author's own pending request is withdrawn.
    mutating func rollbackFriendRequest(_ request: FriendRequest) throws(ExpenseRejection) {
        guard friendRequests.remove(request) != nil else { throw .noPendingFriendRequest(request) }
    }

    /// `unfriend`: the two are friends; they no longer are.
    mutating func unfriend(_ friendship: Friendship) throws(ExpenseRejection) {
        guard friendships.remove(friendship) != nil else { throw .notFriends(friendship) }
    }
}
