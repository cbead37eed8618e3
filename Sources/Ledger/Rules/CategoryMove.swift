/// What a category rename or delete does to the records: every transaction in `from` moves
/// to `to` (the ledger's `PlaybookDomain.EntityEdit`, applied to every part of the
/// records at the action's place in line order).
public struct CategoryMove: Sendable, Hashable {
    /// The category the transactions leave.
    public let from: String
    /// The category they move to (`""` after a delete).
    public let to: String
}
