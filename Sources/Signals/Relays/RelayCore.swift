import Synchronization

/// The machinery both relays share: a registry of observers owned by a ``SerialDrain``.
///
/// Every change — a value, an attach, a detach, the finish — is an event through the
/// drain, so the registry is only ever touched by the drain's current owner and needs
/// no lock of its own. A detach requested from inside a delivery takes effect after
/// that delivery; the subscription's gate (see ``Signal/subscribe(_:)``) already keeps
/// the cancelled observer from being called in the meantime.
@usableFromInline
final class RelayCore<Value: Sendable, Shared: Sendable>: Sendable {
    @usableFromInline
    enum Event: Sendable {
        case value(Value)
        case attach(Registration)
        case detach(id: UInt64)
        case forgetLatest
        case finish
    }

    /// One attached observer. A final class with `let` fields, so the delivery loop can
    /// borrow it (no retain of the closures' contexts per value).
    @usableFromInline
    final class Registration: Sendable {
        @usableFromInline let id: UInt64
        /// The subscriber's gate when it attached directly (checked here instead of in a wrapping closure).
        @usableFromInline let gate: DeliveryGate?
        @usableFromInline let receive: @Sendable (Value) -> Void
        @usableFromInline let complete: @Sendable () -> Void

        @inlinable init(id: UInt64, observer: Observer<Value>, gate: DeliveryGate?) {
            self.id = id
            self.gate = gate
            self.receive = observer.receive
            self.complete = observer.complete
        }

        @inlinable func deliver(_ value: Value) {
            if let gate, !gate.isOpen { return }
            receive(value)
        }

        @inlinable func finish() {
            if let gate, !gate.close() { return }
            complete()
        }
    }

    @usableFromInline
    struct Registry {
        @usableFromInline var registrations = RegistrationList<Registration>()
        @usableFromInline var isFinished = false
        /// The last value processed, replayed to new observers when the relay has a current value.
        @usableFromInline var latest: Value?

        @inlinable init(latest: Value?) { self.latest = latest }
    }

    @usableFromInline let drain: SerialDrain<Event, Shared>
    @usableFromInline let registry: SerialCell<Registry>
    @usableFromInline let nextID = Atomic<UInt64>(0)
    @usableFromInline let attached = Atomic<Int>(0)
    @usableFromInline let replaysLatest: Bool

    /// Creates the core; with `replaysLatest`, each new observer first gets the last value processed.
    @inlinable
    init(shared: Shared, initial: Value?, replaysLatest: Bool) {
        drain = SerialDrain(shared: shared)
        registry = SerialCell(Registry(latest: initial))
        self.replaysLatest = replaysLatest
    }

    deinit {
        registry.value.registrations.free()
    }

    @inlinable
    func send(_ value: Value) {
        drain.submit(.value(value)) { process($0) }
    }

    @inlinable
    func send(_ value: Value, updating update: (inout Shared) -> Void) {
        drain.submit(.value(value), updating: update) { process($0) }
    }

    @inlinable
    func send(deriving derive: (inout Shared) -> Value?) {
        drain.submit(deriving: { shared in derive(&shared).map { Event.value($0) } }) { process($0) }
    }

    @inlinable
    func forgetLatest() {
        drain.submit(.forgetLatest) { process($0) }
    }

    @inlinable
    func finish() {
        drain.submit(.finish) { process($0) }
    }

    @inlinable
    func withShared<Result>(_ body: (Shared) -> Result) -> Result {
        drain.withShared(body)
    }

    /// The number of attached observers, as of the last processed event.
    @inlinable
    var observerCount: Int { attached.load(ordering: .relaxed) }

    @inlinable
    var signal: Signal<Value> {
        Signal(gated: { [self] observer, gate in
            let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
            drain.submit(.attach(Registration(id: id, observer: observer, gate: gate))) { process($0) }
            // The token holds the core strongly (the core never holds tokens, so there is
            // no cycle); a weak reference would move the core's reference count to a side
            // table and make every retain on the delivery path slow.
            return Subscription { [self] in
                drain.submit(.detach(id: id)) { process($0) }
            }
        })
    }

    @inlinable
    func process(_ event: Event) {
        switch event {
        case .value(let value):
            guard !registry.value.isFinished else { return }
            if replaysLatest { registry.value.latest = value }
            // Borrowed, not retained: see RegistrationList.
            registry.value.registrations.forEach { $0.deliver(value) }
        case .attach(let registration):
            if registry.value.isFinished {
                registration.finish()
                return
            }
            registry.value.registrations.append(registration)
            attached.store(registry.value.registrations.count, ordering: .relaxed)
            if let latest = registry.value.latest { registration.deliver(latest) }
        case .detach(let id):
            registry.value.registrations.removeAll { $0.id == id }
            attached.store(registry.value.registrations.count, ordering: .relaxed)
        case .forgetLatest:
            registry.value.latest = nil
        case .finish:
            guard !registry.value.isFinished else { return }
            registry.value.isFinished = true
            registry.value.latest = nil
            let finished = registry.value.registrations.removeAll()
            attached.store(0, ordering: .relaxed)
            for registration in finished { registration.finish() }
        }
    }
}
