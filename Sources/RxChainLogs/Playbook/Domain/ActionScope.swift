/// Which part of a domain's state one action reads and writes: what lets replay spread a
/// playbook over threads (see ``PlaybookDomain/scope(of:)``).
public enum ActionScope<EntityKey: Hashable & Sendable>: Sendable, Hashable {
    /// The action reads and writes only the entity with this key (the ledger's put and delete
    /// of one transaction), so actions on different entities may be applied in any order.
    case entity(EntityKey)
    /// The action may read or write anything (the ledger's category rename, which moves the
    /// transactions of the category): it is applied at its place in line order, and what it
    /// does to the entities reaches them as an ``PlaybookDomain/EntityEdit`` at that place.
    case all
}
