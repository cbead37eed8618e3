import RxChainCollections
import Signals
import Synchronization

/// The actor that owns one immutable state and applies messages to it, strictly in order.
///
/// - **Ordering**: messages are applied one at a time, in the order they were sent —
///   also when many threads and tasks send at once (each sender's order is kept; the
///   interleaving between senders is the order in which their sends returned). Sends
///   land in an ordered inbox that the actor drains in batches.
/// - **Sending**: ``send(_:)`` returns at once and is callable from non-async code;
///   ``submit(_:)`` also returns at once, with a ``SendHandle`` to await the state
///   right after the message (or its ``Rejection``), and later stages.
/// - **Publishing**: after each applied message the new state is published to the
///   observed slices (``slice(_:)``) and, while it has observers, to ``states``,
///   synchronously on the actor, before the next message is applied.
/// - **Re-entrancy**: a message sent from inside an observer (or a reducer's caller) is
///   queued behind the current one, never applied in the middle of it.
/// - **Sync**: the reducer's requests are handed to the ``SyncManager`` (when given) in
///   order, without waiting for any I/O.
/// - **Rejections**: a rejected message leaves the state as it was; the rejection goes
///   to the sender's handle and to ``failures``.
/// - **Lifetime**: the store's drain task exists only while there is work (and for a
///   fraction of a microsecond after it, in case more comes) and holds the store only for
///   that long; dropping the last reference to an idle store frees it.
///
/// ```swift
/// let store = StoreManager(initialState: 0, reducer: counterReducer)
/// store.send(.increment)                              // fire and forget
/// let count = try await store.submit(.increment).applied()  // the state right after
/// let token = store.slice(\.self).sink { print($0) }
/// ```
public final actor StoreManager<State: Sendable, Msg: Message, Request: Sendable> {
    @usableFromInline typealias InboxEntry = StoreDrain<State, Msg, Request>.Entry

    /// The state after the last applied message.
    public var state: State { current }
    @usableFromInline var current: State
    @usableFromInline let sink: any SyncSink<Request>
    /// The inbox and the reducer dispatch, with their speed tricks (padded apart from `current`).
    @usableFromInline let drain: StoreDrain<State, Msg, Request>
    @usableFromInline let stateRelay = ReplayLatestRelay<State>()
    @usableFromInline let failureRelay = PassthroughRelay<Rejection>()
    @usableFromInline let slices = SliceRegistry<State>()

    /// Creates a store holding `initialState`, applying messages with `reducer`, with no sync:
    /// the reducer's requests stay in memory and no message passes its `persisted` stage.
    public init(initialState: State, reducer: TagCompositeReducer<State, Msg, Request>) {
        self.init(initialState: initialState, reducer: .tagged(reducer), sink: InMemorySyncSink<Request>())
    }

    /// Creates a store with a plain ``Reducer`` and no sync.
    public init(initialState: State, reducer: Reducer<State, Msg, Request>) {
        self.init(initialState: initialState, reducer: .plain(reducer), sink: InMemorySyncSink<Request>())
    }

    /// Creates a store whose reducer's requests go to `sync`, which writes them to its durable
    /// queue and sends them to its transport, in the order the messages were applied.
    public init(
        initialState: State, reducer: TagCompositeReducer<State, Msg, Request>, sync: SyncManager<Request>
    ) where Request: SyncRequest {
        self.init(initialState: initialState, reducer: .tagged(reducer), sink: sync)
    }

    /// Creates a store with a plain ``Reducer`` whose requests go to `sync`.
    public init(
        initialState: State, reducer: Reducer<State, Msg, Request>, sync: SyncManager<Request>
    ) where Request: SyncRequest {
        self.init(initialState: initialState, reducer: .plain(reducer), sink: sync)
    }

    /// Creates a store handing its reducer's requests to any sink (the devices' and the tests').
    package init(
        initialState: State, reducer: TagCompositeReducer<State, Msg, Request>, sink: any SyncSink<Request>
    ) {
        self.init(initialState: initialState, reducer: .tagged(reducer), sink: sink)
    }

    /// Creates a store with a plain ``Reducer`` handing its requests to any sink.
    package init(initialState: State, reducer: Reducer<State, Msg, Request>, sink: any SyncSink<Request>) {
        self.init(initialState: initialState, reducer: .plain(reducer), sink: sink)
    }

    init(initialState: State, reducer: StoreReducer<State, Msg, Request>, sink: any SyncSink<Request>) {
        self.current = initialState
        self.drain = StoreDrain(reducer: reducer)
        self.sink = sink
        stateRelay.send(initialState)
    }

    // MARK: Sending

    /// Sends `message` and returns at once (fire and forget). Callable from any thread.
    ///
    /// The message is applied after every message sent before it (by this caller and by
    /// any caller whose send returned earlier). A rejection goes to ``failures``.
    @inlinable
    public nonisolated func send(_ message: Msg) {
        enqueue(.message(message, nil))
    }

    /// Sends several messages, applied consecutively in this order.
    public nonisolated func send(contentsOf messages: [Msg]) {
        if drain.enqueue(contentsOf: messages.map { InboxEntry.message($0, nil) }) { startDrain() }
    }

    /// Sends `message` and returns at once with a handle to await its stages.
    ///
    /// ```swift
    /// let state = try await store.submit(.rename("Food")).applied()
    /// ```
    @inlinable
    public nonisolated func submit(_ message: Msg) -> SendHandle<State> {
        let handle = SendHandle<State>()
        enqueue(.message(message, handle))
        return handle
    }

    /// Returns once every message sent before this call has been applied and published.
    @inlinable
    public func settle() {
        var publisher = StatePublisher(states: stateRelay, slices: slices)
        var memo = drain.initialMemo
        var emptied: [InboxEntry] = []
        while var batch = drain.takeBatch(handingBack: &emptied) {
            process(&batch, memo: &memo, publisher: &publisher)
            emptied = batch
        }
    }

    // MARK: Observing

    /// Number of slices currently observed: a test hook, for the package's own tests.
    package nonisolated var observedSliceCount: Int { slices.count }

    /// Every new state, starting with the current one.
    ///
    /// A new observer gets the current state at once while the store is idle. While the store
    /// is applying messages nobody observes, it gets the state right after the message the
    /// store is on (at the latest when the store's current batch ends), never an older one;
    /// then every later state, in order. (Unobserved, the store skips publishing states.)
    public nonisolated var states: Signal<State> { stateRelay.signal }

    /// The rejections of messages sent with ``send(_:)`` or ``submit(_:)``, in order.
    public nonisolated var failures: Signal<Rejection> { failureRelay.signal }

    /// A signal of the distinct values at `keyPath`, starting with the current one: a slice
    /// shared by every caller that asks for the same key path.
    ///
    /// All slices of the same key path share one evaluation per state change; an unchanged
    /// slice wakes nobody. The slice is evaluated on the store's actor; move delivery to your
    /// own actor with `observe(on:)`.
    ///
    /// ```swift
    /// let total = store.slice(\.total)
    /// ```
    @inlinable
    public nonisolated func slice<Slice: Sendable & Equatable>(
        _ keyPath: KeyPath<State, Slice> & Sendable
    ) -> Signal<Slice> {
        let (entry, lease, isNew) = slices.leaseSlice(keyPath: keyPath)
        if isNew { enqueue(.evaluateSlice(SliceEvaluation { entry.evaluate($0) })) }
        return Self.leasedSignal(entry.relay.signal, lease: lease)
    }

    /// A signal of the distinct values `selector` computes, starting with the current one: a
    /// slice of this call's own, shared with no other call.
    ///
    /// The selector runs once per state change for each `unsharedSlice` call (two calls with
    /// the same computation evaluate it twice), however many subscribers share the returned
    /// signal. Prefer ``slice(_:)`` with a key path (a computed property works) when several
    /// screens watch the same value.
    ///
    /// ```swift
    /// let overBudget = store.unsharedSlice { $0.total > $0.budget }
    /// ```
    @inlinable
    public nonisolated func unsharedSlice<Slice: Sendable & Equatable>(
        _ selector: @escaping @Sendable (State) -> Slice
    ) -> Signal<Slice> {
        let entry = SliceEntry<State, Slice>(select: selector)
        let lease = slices.leaseSlice(entry)
        enqueue(.evaluateSlice(SliceEvaluation { entry.evaluate($0) }))
        return Self.leasedSignal(entry.relay.signal, lease: lease)
    }

    /// A signal of one entry of a `TreeDictionary` in the state, starting with its current value (nil when absent).
    ///
    /// All keyed observations of one dictionary share a single diff per state change,
    /// which visits only the entries that changed: a message that updates one record
    /// wakes only that record's observers, however many records are watched.
    ///
    /// ```swift
    /// let rent = store.slice(\.replicated.transactions, key: "rent")
    /// ```
    @inlinable
    public nonisolated func slice<Key: Hashable & Sendable, Value: Sendable & Equatable>(
        _ keyPath: KeyPath<State, TreeDictionary<Key, Value>> & Sendable, key: Key
    ) -> Signal<Value?> {
        let (group, relay, lease) = slices.leaseKeyedSlice(keyPath: keyPath, key: key)
        enqueue(.evaluateSlice(SliceEvaluation { group.evaluate($0) }))
        return Self.leasedSignal(relay.signal, lease: lease)
    }

    @usableFromInline
    static func leasedSignal<Value>(_ signal: Signal<Value>, lease: SliceLease) -> Signal<Value> {
        Signal { observer in
            let subscription = signal.subscribe(observer)
            return Subscription {
                withExtendedLifetime(lease) {}
                subscription.cancel()
            }
        }
    }

    // MARK: Draining

    @inlinable
    nonisolated func enqueue(_ entry: InboxEntry) {
        if drain.enqueue(entry) { startDrain() }
    }

    @inlinable
    nonisolated func startDrain() {
        // Holds the store only until the inbox is empty.
        Task { await self.drainInbox() }
    }

    /// The drain task: applies batches (as ``settle()`` does) until the inbox stays empty
    /// while the drain lingers, then lets the inbox go idle.
    @inlinable
    func drainInbox() {
        while true {
            settle()
            switch drain.foundInboxEmpty() {
            case .resume:
                continue
            case .linger:
                drain.linger()
                // Entries that came meanwhile resume the drain; if none came, it ends.
                if drain.foundInboxEmpty() == .finish { return }
            case .finish:
                return
            }
        }
    }

    /// Applies a batch in order, then empties it (keeping its storage for the inbox).
    @inlinable
    func process(
        _ batch: inout [InboxEntry], memo: inout ReducerMemo<State, Msg, Request>,
        publisher: inout StatePublisher<State>
    ) {
        for index in batch.indices {
            switch batch[index] {
            case .message(let message, let handle):
                apply(message, handle: handle, memo: &memo, publisher: &publisher)
            case .evaluateSlice(let evaluation):
                evaluation.evaluate(current)
            }
        }
        publisher.catchUp(with: current)
        batch.removeAll(keepingCapacity: true)
    }

    @inlinable
    func apply(
        _ message: Msg, handle: SendHandle<State>?, memo: inout ReducerMemo<State, Msg, Request>,
        publisher: inout StatePublisher<State>
    ) {
        let result: Reduction<State, Request>
        do {
            result = try drain.reduce(current, message, memo: &memo)
        } catch {
            failureRelay.send(error)
            handle?.messageRejected(error)
            return
        }
        current = result.state
        let progress = handle.map { _ in SyncProgress(requestCount: result.requests.count) }
        if !result.requests.isEmpty { sink.receive(result.requests, progress: progress) }
        publisher.publish(current)
        if let handle, let progress { handle.messageApplied(current, progress: progress) }
    }
}
