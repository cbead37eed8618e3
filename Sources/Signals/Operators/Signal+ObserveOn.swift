import RxChainSystem
import Synchronization

extension Signal {
    /// A signal that delivers every value (and the completion) on `actor`, in order.
    ///
    /// Each subscription gets a mailbox. Upstream deliveries append to it and return at
    /// once; one task at a time drains it while isolated to `actor`, so the observer
    /// runs on the actor's executor, serially, in the upstream's order — not one task
    /// per value (which would not keep order). Pass `MainActor.shared` for UI code.
    ///
    /// ```swift
    /// let token = store.signal.map(\.title).observe(on: MainActor.shared).sink { title in
    ///     MainActor.assumeIsolated { label.text = title }
    /// }
    /// ```
    ///
    /// > Important: Once the subscription is cancelled, queued values are dropped and
    /// > the observer is not called again (except a delivery already running). The
    /// > mailbox is unbounded: a slow actor lets values pile up rather than block senders.
    /// > The subscription keeps `actor` alive; see ``observe(weaklyOn:)`` for an actor
    /// > that owns its own subscriptions (a view model).
    @inlinable
    public func observe(on actor: any Actor) -> Signal<Value> {
        observe(on: .strong(actor))
    }

    /// Like ``observe(on:)``, but the subscription holds `actor` weakly: once the actor is
    /// freed, values for it are dropped.
    ///
    /// Use it when the actor itself owns the subscription (a view model observing on
    /// itself): holding it strongly would make a cycle and keep both alive.
    @inlinable
    public func observe(weaklyOn actor: some Actor) -> Signal<Value> {
        observe(on: .weak(WeakActor(actor)))
    }

    @inlinable
    func observe(on reference: ActorReference) -> Signal<Value> {
        Signal { downstream in
            let mailbox = ActorMailbox(actor: reference, downstream: downstream)
            let upstream = attachUngated(
                Observer(
                    receive: { mailbox.post(.value($0)) },
                    complete: { mailbox.post(.completed) }))
            return Subscription {
                upstream.cancel()
                mailbox.cancel()
            }
        }
    }
}

/// One `observe(on:)` subscription's queue of events waiting to run on the actor.
@usableFromInline
final class ActorMailbox<Value: Sendable>: Sendable {
    @usableFromInline let actor: ActorReference
    @usableFromInline let downstream: Observer<Value>
    @usableFromInline let state = Lock(MailboxStateMachine<SignalEvent<Value>>())

    @inlinable
    init(actor: ActorReference, downstream: Observer<Value>) {
        self.actor = actor
        self.downstream = downstream
    }

    /// Queues `event`; starts a draining task on the actor if none is running.
    @inlinable
    func post(_ event: SignalEvent<Value>) {
        guard state.withLock({ $0.posted(event) }) == .startDraining else { return }
        Task { [self] in
            guard let actor = actor.resolved else {
                cancel()
                return
            }
            await drain(on: actor)
        }
    }

    /// Drops queued events; nothing more is drained.
    @inlinable
    func cancel() {
        let dropped = state.withLock { $0.cancelled() }
        _ = dropped  // released here, outside the lock
    }

    /// Delivers queued events, isolated to `actor`, until the mailbox is empty.
    ///
    /// Yields between batches, so a flood of values cannot hold the actor (or a
    /// cooperative thread) forever; order is kept because only this task drains
    /// until the mailbox reports empty.
    @inlinable
    func drain(on actor: isolated any Actor) async {
        while let batch = state.withLock({ $0.batchRequested() }) {
            for event in batch {
                switch event {
                case .value(let value): downstream.receive(value)
                case .completed: downstream.complete()
                }
            }
            await Task.yield()
        }
    }
}

/// How a mailbox holds its actor: strongly (`observe(on:)`) or weakly (`observe(weaklyOn:)`).
@usableFromInline
enum ActorReference: Sendable {
    case strong(any Actor)
    case weak(WeakActor)

    /// The actor, or nil when a weakly held one was freed.
    @inlinable
    var resolved: (any Actor)? {
        switch self {
        case .strong(let actor): actor
        case .weak(let box): box.actor
        }
    }
}

/// A weak reference to an actor.
@usableFromInline
final class WeakActor: Sendable {
    @usableFromInline weak let actor: (any Actor)?

    @inlinable
    init(_ actor: any Actor) {
        self.actor = actor
    }
}

/// The pure state of a mailbox drained by one task at a time.
@usableFromInline
struct MailboxStateMachine<Event> {
    @usableFromInline
    enum PostAction {
        case startDraining
        case none
    }

    @usableFromInline var queue = FIFOBuffer<Event>()
    @usableFromInline var isDraining = false
    @usableFromInline var isCancelled = false

    @inlinable init() {}

    /// An event arrived; the caller starts a drain task when told to.
    @inlinable
    mutating func posted(_ event: Event) -> PostAction {
        guard !isCancelled else { return .none }
        queue.append(event)
        guard !isDraining else { return .none }
        isDraining = true
        return .startDraining
    }

    /// The draining task asks for the next batch; `nil` ends the task (and the drain).
    @inlinable
    mutating func batchRequested() -> [Event]? {
        guard !isCancelled, !queue.isEmpty else {
            isDraining = false
            return nil
        }
        return queue.removeAll()
    }

    /// The subscriber cancelled; returns the events that will never be delivered.
    @inlinable
    mutating func cancelled() -> [Event] {
        isCancelled = true
        return queue.removeAll()
    }
}
