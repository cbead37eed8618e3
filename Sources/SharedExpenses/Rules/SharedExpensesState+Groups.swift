extension SharedExpensesState {
    /// `createSpendingGroup`: the group id was never used (not even by a deleted group); the
    /// participants, de-duplicated, include the author and number at least two.
    mutating func createGroup(
        _ payload: GroupCreationPayload, author: String, createdAt: Int64
    ) throws(ExpenseRejection) {
        let id = payload.groupID
        if groups[id] != nil { throw .groupExists(groupID: id) }
        if usedGroupIDs.contains(id) { throw .groupIDOfADeletedGroup(groupID: id) }
        let members = try payload.members(author: author)
        usedGroupIDs.insert(id)
        groups[id] = SpendingGroup(id: id, name: payload.displayName, participants: members, createdAt: createdAt)
        balances[id] = [:]
    }

    /// `deleteSpendingGroup`: the group is live and the author a member; its spendings and
    /// balances go with it (their ids stay used).
    mutating func deleteGroup(_ id: String, author: String) throws(ExpenseRejection) {
        try requireMember(author, of: id)
        groups[id] = nil
        balances[id] = nil
        spendings = spendings.filter { $0.value.groupID != id }
    }

    /// Throws unless group `id` is live and `author` one of its participants.
    func requireMember(_ author: String, of id: String) throws(ExpenseRejection) {
        guard let group = groups[id] else { throw .noSuchGroup(groupID: id) }
        guard group.participants.contains(author) else { throw .authorNotAMember(author: author, groupID: id) }
    }
}
