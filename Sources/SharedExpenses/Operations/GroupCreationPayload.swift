/// The payload of a `createSpendingGroup` operation: `{groupId, participants, displayName?}`.
public struct GroupCreationPayload: Sendable, Hashable {
    /// `groupId`: never used before, not even by a deleted group.
    public var groupID: String
    /// `participants`, as written (the rule de-duplicates them: ``members(author:)``).
    public var participants: [String]
    /// `displayName`, when given.
    public var displayName: String?

    /// Creates a payload.
    public init(groupID: String, participants: [String], displayName: String? = nil) {
        self.groupID = groupID
        self.participants = participants
        self.displayName = displayName
    }

    /// The group's members if `author` creates it: the participants de-duplicated and sorted,
    /// which must include the author and number at least two.
    ///
    /// The one statement of the rule, used by the fold and by the server's access rules
    /// (which make the members of a group's creating operation members of the group).
    ///
    /// - Throws: ``ExpenseRejection`` saying which condition fails.
    public func members(author: String) throws(ExpenseRejection) -> [String] {
        let members = Set(participants).sorted()
        guard members.contains(author) else { throw .authorNotAParticipant(author: author) }
        guard members.count >= 2 else { throw .tooFewParticipants(count: members.count) }
        return members
    }
}
