/// What one call to ``OrderedLogFold/receive(_:)`` or ``OrderedLogFold/addLocal(_:)`` did, and what it cost.
///
/// The counts make the fold's cost observable without a clock: an entry that sorts after
/// everything folded costs one apply (``applied``) and nothing else; an entry that sorts
/// earlier costs the entries re-applied from the checkpoint before it (``reapplied``).
public struct OrderedLogChange: Sendable, Hashable {
    /// Entries new to the fold (confirmed, or local for ``OrderedLogFold/addLocal(_:)``).
    public var accepted = 0
    /// Copies of entries already held that were not applied (duplicates and clashes), and
    /// confirmed entries without an order.
    public var rejected = 0
    /// Applies of confirmed entries the fold had not folded before (the accepted ones).
    public var applied = 0
    /// Applies of confirmed entries folded before, again, from a checkpoint (an entry arrived
    /// that sorts before them).
    public var reapplied = 0
    /// Applies of local entries on top of the confirmed state (all of them, after any change).
    public var localApplied = 0
    /// Whether ``OrderedLogFold/state`` may have changed (an entry was accepted or confirmed).
    public var changed: Bool { accepted > 0 }

    /// Creates an empty change.
    @usableFromInline package init() {}
}
