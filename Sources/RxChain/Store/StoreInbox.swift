/// The store's ordered inbox as a pure state machine: what arrived, and whether a drain must start.
///
/// Senders on any thread append under the store's lock; the store's actor takes
/// everything queued as one batch. States: `idle` (nothing queued, no drain running
/// or scheduled) and `draining` (a drain task is scheduled or running and will look
/// at the inbox again before it goes idle). Exactly one drain is started per
/// `idle → draining` transition, so no entry waits without a drain coming for it.
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
    enum State {
        case idle
        case draining
    }

    @usableFromInline var state = State.idle
    @usableFromInline var queued: [Entry] = []
    /// The previous batch's buffer, emptied and kept for reuse so steady traffic allocates nothing.
    @usableFromInline var spare: [Entry] = []

    @inlinable init() {}

    /// Number of entries waiting.
    @inlinable var count: Int { queued.count }

    /// An entry arrived; says whether the caller must start a drain.
    @inlinable mutating func entryArrived(_ entry: Entry) -> ArrivalAction {
        queued.append(entry)
        switch state {
        case .idle:
            state = .draining
            return .startDrain
        case .draining:
            return .none
        }
    }

    /// Several entries arrived together (one sender's batch keeps its order).
    @inlinable mutating func entriesArrived(_ entries: some Sequence<Entry>) -> ArrivalAction {
        let before = queued.count
        queued.append(contentsOf: entries)
        guard queued.count > before, case .idle = state else { return .none }
        state = .draining
        return .startDrain
    }

    /// The drain asks for work: everything queued, in arrival order, or `nil` (and the inbox goes idle).
    @inlinable mutating func batchRequested() -> [Entry]? {
        guard !queued.isEmpty else {
            state = .idle
            return nil
        }
        state = .draining
        var batch = spare
        swap(&batch, &queued)
        spare = []
        return batch
    }

    /// The drain is done with a batch and hands back its storage, emptied, for the next one.
    ///
    /// The drain empties the batch itself, outside the lock, while it holds the only reference:
    /// emptying a shared array here would allocate a new buffer and free the old one.
    @inlinable mutating func batchProcessed(emptied batch: [Entry]) {
        assert(batch.isEmpty, "the drain empties a batch before handing its storage back")
        spare = batch
    }
}
