import RxChainServerStorage

/// The owners and members of every claimed family: the fold of the reserved log
/// `server/families`, and the read-only view of the server's state that access rules consult.
///
/// A family is unclaimed until its first claim; from then on it has exactly one owner, forever,
/// and the owner is always a member. The fold trusts a record only as far as its entry's
/// creator had the right to write it, so even a record that slipped past the checks could not
/// widen access:
/// - a claim counts only for the first claim of a family, and only when its creator is the
///   claimant;
/// - a grant or revoke counts only when its creator is the family's owner at that point;
/// - a revoke of the owner changes nothing.
///
/// A value of this type is a snapshot: changing the server's state never changes a copy that a
/// rule holds, and a rule cannot change the server's state through it.
public struct FamilyDirectory: Hashable, Sendable {
    private var owners: [LogFamily: String] = [:]
    private var memberships: [LogFamily: Set<String>] = [:]

    /// The `seq` of the last entry of `server/families` folded in; 0 before any.
    public private(set) var foldedThrough: UInt64 = 0

    /// An empty directory: no family claimed.
    public init() {}

    /// The family's owner; `nil` while it is unclaimed.
    public func owner(of family: LogFamily) -> String? { owners[family] }

    /// The family's members, the owner included; empty while it is unclaimed.
    public func members(of family: LogFamily) -> Set<String> { memberships[family] ?? [] }

    /// Whether `user` is a member (or the owner) of `family`.
    public func isMember(_ user: String, of family: LogFamily) -> Bool {
        memberships[family]?.contains(user) ?? false
    }

    /// Folds the next entry of `server/families`.
    ///
    /// Entries must come in `seq` order: an entry at or before ``foldedThrough`` is skipped (it is
    /// already in), and one further ahead than the next is not applied (the caller reads on from
    /// ``foldedThrough``). A body that is not a family record is counted as folded and changes
    /// nothing.
    ///
    /// - Returns: `true` when the entry was the next one and is now folded in.
    @discardableResult
    mutating func apply(_ entry: LogEntry) -> Bool {
        guard entry.seq == foldedThrough + 1 else { return false }
        foldedThrough = entry.seq
        guard let record = FamilyRecord(body: entry.body) else { return true }
        let family = record.family
        switch record {
        case .claim(_, let user):
            guard owners[family] == nil, entry.creator == user else { return true }
            owners[family] = user
            memberships[family] = [user]
        case .grant(_, let user):
            guard owners[family] == entry.creator else { return true }
            memberships[family, default: []].insert(user)
        case .revoke(_, let user):
            guard owners[family] == entry.creator, user != entry.creator else { return true }
            memberships[family]?.remove(user)
        }
        return true
    }
}
