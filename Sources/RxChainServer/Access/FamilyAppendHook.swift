/// A domain's say in membership: given an entry accepted into a log of one family kind, the
/// membership changes the server should make (the expense group's creating operation makes its
/// participants members).
///
/// The server applies a hook's changes with the authority of the entry's creator, so a hook can
/// never widen who may change membership: the changes are applied only when the creator owns the
/// family (as an explicit grant or revoke would be), a revoke of the owner is dropped, and a
/// user name that is not a valid account name is dropped. Each change is recorded in
/// `server/families` under an id derived from the entry, so running the hook again for the same
/// entry (a repeated append) changes nothing twice, even after a revoke.
///
/// The closure must be a pure function of its arguments; it runs without any lock held.
public struct FamilyAppendHook: Sendable {
    /// The changes for one accepted entry, given the family state at that moment (a snapshot).
    public typealias Changes = @Sendable (AcceptedEntry, FamilyDirectory) -> [MembershipChange]

    /// The family kind whose logs the hook watches (`groups`).
    public let kind: String
    /// The changes for one accepted entry.
    public let changes: Changes

    /// Creates a hook for the logs of one family kind.
    public init(kind: String, changes: @escaping Changes) {
        self.kind = kind
        self.changes = changes
    }
}
