/// What applying a pending local action on top of the replicated state would do.
package enum PendingActionOutcome: Sendable, Hashable {
    /// The action changes the state: it is worth appending to the playbook.
    case applied
    /// A conflict rule turns it down (the playbook moved on); every device would ignore
    /// it, so it is dropped instead of appended, and reported.
    case ignored(reason: String)
    /// The record is not a valid action of the domain; it is dropped and reported.
    case invalid(reason: String)
}
