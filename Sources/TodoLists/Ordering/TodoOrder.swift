/// The order of a sequence whose removed elements keep their slots: the lists of a global log,
/// the items of a list log.
///
/// A removed element stays as a tombstone where it was, so that a move placed after it
/// (`reorder(id, after_this_id)` whose anchor was deleted elsewhere) still lands where the
/// anchor used to be; ``liveIDs`` hides the tombstones.
///
/// A flat array of slots, searched linearly: a change costs the length of the one sequence it
/// touches. Lists and the items of one list are small (tens to hundreds), and the fold's
/// checkpoints share the array until it is next written (copy-on-write), so a checkpoint costs
/// nothing here and the first write after it copies this one sequence only.
public struct TodoOrder: Sendable, Hashable {
    /// One position of the sequence.
    public struct Slot: Sendable, Hashable {
        /// The element's id.
        public var id: String
        /// `false` for a tombstone.
        public var isLive: Bool
    }

    /// Every slot, tombstones included, in order.
    public internal(set) var slots: [Slot] = []

    /// An empty sequence.
    public init() {}

    /// The live elements' ids, in order.
    public var liveIDs: [String] { slots.lazy.filter(\.isLive).map(\.id) }

    /// The slot index of `id` (live or tombstone), or `nil` when it never was in the sequence.
    public func index(of id: String) -> Int? {
        slots.firstIndex { $0.id == id }
    }

    /// Whether `id` has a slot, live or tombstone.
    public func contains(_ id: String) -> Bool { index(of: id) != nil }

    /// Whether `id` has a live slot.
    public func isLive(_ id: String) -> Bool {
        index(of: id).map { slots[$0].isLive } ?? false
    }

    /// Adds `id` live at the end. - Precondition: `id` has no slot.
    mutating func append(_ id: String) {
        slots.append(Slot(id: id, isLive: true))
    }

    /// Adds `id` live at the front. - Precondition: `id` has no slot.
    mutating func prepend(_ id: String) {
        slots.insert(Slot(id: id, isLive: true), at: 0)
    }

    /// Turns the live slot of `id` into a tombstone; `false` (nothing changed) when `id` is
    /// unknown or already a tombstone.
    mutating func remove(_ id: String) -> Bool {
        guard let index = index(of: id), slots[index].isLive else { return false }
        slots[index].isLive = false
        return true
    }

    /// Moves `id` to the front, live: its slot when it has one (a tombstone comes back to
    /// life), a new slot otherwise.
    mutating func moveToFrontAlive(_ id: String) {
        if let index = index(of: id) { slots.remove(at: index) }
        slots.insert(Slot(id: id, isLive: true), at: 0)
    }
}
