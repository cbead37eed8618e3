/// Re-serialises events that arrive from several threads into one serial, FIFO sequence of calls to `process`.
///
/// Operators with more than one input (`merge`, `combineLatest`) or with timers
/// (`throttle`, `debounce`) receive events concurrently: each upstream delivers on
/// whatever thread sent into it, and timers fire on the scheduler's threads. They
/// submit every event here, and `process` — which owns the operator's state in a
/// ``SerialCell`` and calls the downstream observer — runs for one event at a time,
/// through a ``SerialDrain``. So the downstream observer keeps the module's
/// guarantees: serial, FIFO, never nested, no lock held while calling out.
///
/// `process` also receives the serializer itself, so it can hand it (weakly) to a
/// timer that submits a follow-up event later.
@usableFromInline
final class Serializer<Event: Sendable>: Sendable {
    @usableFromInline let drain = SerialDrain<Event, Void>(shared: ())
    @usableFromInline let process: @Sendable (Event, Serializer<Event>) -> Void

    /// Creates a serializer that runs `process` for each submitted event, serially.
    @inlinable
    init(_ process: @escaping @Sendable (Event, Serializer<Event>) -> Void) {
        self.process = process
    }

    /// Submits `event` from any thread; it is processed now if no other event is being processed, else queued.
    @inlinable
    func submit(_ event: Event) {
        drain.submit(event) { process($0, self) }
    }
}
