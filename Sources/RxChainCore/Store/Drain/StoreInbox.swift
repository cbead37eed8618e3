/// The store's ordered inbox as a pure state machine: what arrived, and whether a drain must start.
///
/// Senders on any thread append under the store's lock; the store's actor takes
/// everything queued as one batch. States:
/// - `idle`: nothing queued, no drain running or scheduled;
/// - `draining`: a drain task is scheduled or running and will look at the inbox again;
/// - `lingering`: the drain found the inbox empty and looks at it a few more times before
///   it goes idle.
///
/// Exactly one drain is started per `idle → draining` transition, and only that drain
/// returns the inbox to `idle`, so no entry waits without a drain coming for it.
///
/// Why `lingering`: a sender that finds the inbox idle pays for starting a drain task (an
/// allocation and, when the other pool thread sleeps, a wake-up: 10–20 µs measured). When
/// the drain keeps up with a steady sender, it would empty the inbox after nearly every
/// batch, and the sender would pay that every few hundred messages (measured: runs of
/// `store-counter-0` at 25–53 ns per message, with ~2,000 drains per million messages,
/// instead of 11–15 ns with 1–4). A sender in a burst comes back within nanoseconds, so the
/// drain looks again a few times before the next send has to start a new task.
@usableFromInline
struct StoreInbox<Entry> {
    @usableFromInline
    enum ArrivalAction: Equatable {
        /// A drain was already coming: nothing to do.
        case none
        /// The inbox was idle: the caller must start a drain.
        case startDrain
    }

    @usableFromInline
    enum State: Equatable {
        case idle
        case draining
        case lingering
    }

    /// What the drain does when it has found the inbox empty.
    @usableFromInline
    enum EmptyInboxStep: Equatable {
        /// Entries arrived since: take them.
        case resume
        /// The inbox is empty for the first time: look again for a moment, then ask again.
        case linger
        /// The inbox stayed empty: the drain ends (the inbox is `idle`).
        case finish
    }

    @usableFromInline var state = State.idle
    @usableFromInline var queued: [Entry] = []
    /// A processed batch's buffer, emptied and kept for the senders to fill next.
    @usableFromInline var spare: [Entry] = []

    @inlinable init() {}

    /// Number of entries waiting.
    @inlinable var count: Int { queued.count }

    /// An entry arrived; says whether the caller must start a drain.
    @inlinable mutating func entryArrived(_ entry: Entry) -> ArrivalAction {
        queued.append(entry)
        guard case .idle = state else { return .none }
        state = .draining
        return .startDrain
    }

    /// Several entries arrived together (one sender's batch keeps its order).
    @inlinable mutating func entriesArrived(_ entries: some Sequence<Entry>) -> ArrivalAction {
        let before = queued.count
        queued.append(contentsOf: entries)
        guard queued.count > before, case .idle = state else { return .none }
        state = .draining
        return .startDrain
    }

    /// The drain task found the inbox empty (``takeQueued(handingBack:)`` gave `nil`) and asks
    /// what to do: resume if entries arrived since, else linger once, else finish (`idle`).
    @inlinable mutating func drainFoundInboxEmpty() -> EmptyInboxStep {
        guard queued.isEmpty else {
            state = .draining
            return .resume
        }
        switch state {
        case .draining:
            state = .lingering
            return .linger
        case .lingering, .idle:
            state = .idle
            return .finish
        }
    }

    /// Everything queued, in arrival order, or `nil`; the state is left as it is (only the
    /// drain task, through ``drainFoundInboxEmpty()``, returns the inbox to `idle`).
    ///
    /// `emptied` is the storage of the caller's previous batch, emptied by the caller (outside
    /// the lock, while its reference is the only one: emptying a shared array here would
    /// allocate a new buffer and free the old one). Senders fill it once the next batch is
    /// taken, so two buffers alternate and steady traffic allocates nothing. Handing it back
    /// here, rather than in a call of its own, takes the lock once per batch.
    @inlinable mutating func takeQueued(handingBack emptied: inout [Entry]) -> [Entry]? {
        assert(emptied.isEmpty, "the drain empties a batch before handing its storage back")
        if emptied.capacity > spare.capacity { swap(&spare, &emptied) }
        guard !queued.isEmpty else { return nil }
        var batch = spare
        swap(&batch, &queued)
        spare = []
        return batch
    }
}
