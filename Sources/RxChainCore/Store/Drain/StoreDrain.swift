import RxChainSystem

/// How a ``StoreManager`` takes what its senders queue and applies it, fast: the one place
/// that holds the store's speed tricks, so that the store itself reads as its contract.
///
/// Every trick here was kept because `rxchain-bench store` measured it (figures in each
/// part's own comment; they vary by machine, the ratios less):
/// - **The inbox** (``StoreInbox``) is a lock and an array that senders on any thread append
///   to and the store's actor takes whole, as one batch: one lock per batch on the actor's
///   side, two array buffers alternating so steady traffic allocates nothing.
/// - **Cache-line pads** (``CacheLinePad``) around the inbox: senders write it while the actor
///   rewrites the state per message; sharing a cache line cost about three times the send.
/// - **The linger**: a drain that finds the inbox empty looks again a few times
///   (``lingerLooks``, a fraction of a microsecond) before it lets the inbox go idle, because a
///   sender that finds it idle pays for starting a drain task (microseconds).
/// - **The reducer memo** (``ReducerMemo``, through ``StoreReducer``): a run of messages with
///   one tag looks the tag up once; the tag table (``TagTable``) hashes a few bytes of the tag
///   instead of all of it with SipHash.
/// - **Slice evaluations boxed** (``SliceEvaluation``): an inbox entry stays two words, which
///   is what crosses from the sender's core to the actor's for every message.
///
/// The drain's own order guarantees are the inbox's: exactly one drain per `idle → draining`
/// transition, entries applied in arrival order.
@usableFromInline
struct StoreDrain<State: Sendable, Msg: Message, Request>: ~Copyable, Sendable {
    /// One thing queued for the store's actor.
    @usableFromInline
    enum Entry: Sendable {
        /// A message to apply, with its sender's handle if it submitted one.
        case message(Msg, SendHandle<State>?)
        /// A slice to evaluate against the current state (a new observer's first value).
        case evaluateSlice(SliceEvaluation<State>)
    }

    @usableFromInline let padBeforeInbox = CacheLinePad()
    @usableFromInline let inbox = Lock(StoreInbox<Entry>())
    @usableFromInline let padAfterInbox = CacheLinePad()
    @usableFromInline let reducer: StoreReducer<State, Msg, Request>

    @inlinable
    init(reducer: StoreReducer<State, Msg, Request>) {
        self.reducer = reducer
    }

    // MARK: Senders (any thread)

    /// Queues `entry`; returns whether the caller must start a drain.
    @inlinable
    func enqueue(_ entry: Entry) -> Bool {
        inbox.withLock { $0.entryArrived(entry) } == .startDrain
    }

    /// Queues `entries` together, in order; returns whether the caller must start a drain.
    @inlinable
    func enqueue(contentsOf entries: [Entry]) -> Bool {
        inbox.withLock { $0.entriesArrived(entries) } == .startDrain
    }

    // MARK: The drain (the store's actor)

    /// Everything queued, as one batch, or `nil`; hands back the previous batch's emptied storage.
    @inlinable
    func takeBatch(handingBack emptied: inout [Entry]) -> [Entry]? {
        inbox.withLock { $0.takeQueued(handingBack: &emptied) }
    }

    /// What a drain that found the inbox empty does next (see ``StoreInbox/drainFoundInboxEmpty()``).
    @inlinable
    func foundInboxEmpty() -> StoreInbox<Entry>.EmptyInboxStep {
        inbox.withLock { $0.drainFoundInboxEmpty() }
    }

    /// How many times a drain that found the inbox empty looks at it again before it lets the
    /// inbox go idle.
    @inlinable static var lingerLooks: Int { 32 }

    /// Looks at the inbox up to ``lingerLooks`` times; returns as soon as an entry is queued.
    ///
    /// A short spin on the actor: it delays other work on the store by a fraction of a
    /// microsecond at the end of a burst, never blocks on anything, and ends on its own.
    @inlinable
    func linger() {
        for _ in 0..<Self.lingerLooks {
            if inbox.withLock({ $0.count }) > 0 { return }
        }
    }

    /// A memo for a drain to start with.
    @inlinable
    var initialMemo: ReducerMemo<State, Msg, Request> { reducer.initialMemo }

    /// Applies `message`'s reducer to `state`, looking its tag up only when `memo` holds another.
    @inlinable
    func reduce(
        _ state: State, _ message: Msg, memo: inout ReducerMemo<State, Msg, Request>
    ) throws(Rejection) -> Reduction<State, Request> {
        try reducer.reduce(state, message, memo: &memo)
    }
}
