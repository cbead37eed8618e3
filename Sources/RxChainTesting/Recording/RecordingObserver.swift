import RxChainSystem
import Signals
import Synchronization
import Testing

/// An observer that records every event it receives, with the time it arrived, for assertions.
///
/// Given a ``ManualClock``, each record carries the clock's elapsed time at delivery;
/// without one, every time is zero. Safe to read from any thread while deliveries run; a test
/// of a signal that delivers later, on another executor, waits for the deliveries with
/// ``waitForValues(count:sourceLocation:)`` or ``waitForCompletion(sourceLocation:)``.
///
/// ```swift
/// let clock = ManualClock()
/// let recorder = RecordingObserver<Int>(clock: clock)
/// let token = relay.signal.throttle(for: .seconds(1), scheduler: clock, latest: true)
///     .subscribe(recorder.observer)
/// relay.send(1)
/// #expect(recorder.records == [.init(time: .zero, event: .value(1))])
/// ```
public final class RecordingObserver<Value: Sendable>: Sendable {
    /// What the observer was told.
    public enum Event: Sendable {
        /// A value, as delivered.
        case value(Value)
        /// The completion.
        case completed
    }

    /// One recorded event and the time it arrived (elapsed time of the clock, zero without one).
    public struct Record: Sendable {
        /// When it arrived: the clock's elapsed time since the recorder was made.
        public var time: Duration
        /// What arrived.
        public var event: Event

        /// A record of `event` at `time`.
        public init(time: Duration, event: Event) {
            self.time = time
            self.event = event
        }
    }

    private let clock: ManualClock?
    private let recorded = WaitableValue<[Record]>([])

    /// Creates a recorder that stamps events with `clock`'s elapsed time (or zero without a clock).
    public init(clock: ManualClock? = nil) {
        self.clock = clock
    }

    /// The observer to subscribe with; it records into this recorder.
    public var observer: Observer<Value> {
        Observer(
            receive: { [self] value in record(.value(value)) },
            complete: { [self] in record(.completed) })
    }

    /// Subscribes to `signal` and returns the token (keep it, or the subscription ends).
    public func subscribe(to signal: Signal<Value>) -> Subscription {
        signal.subscribe(observer)
    }

    /// Every record, in arrival order.
    public var records: [Record] { recorded.value }

    /// Every event, in arrival order.
    public var events: [Event] { records.map(\.event) }

    /// The values received, in order.
    public var values: [Value] {
        records.compactMap { record in
            if case .value(let value) = record.event { return value }
            return nil
        }
    }

    /// How many completions arrived (a correct signal sends at most one).
    public var completionCount: Int {
        records.count { record in
            if case .completed = record.event { return true }
            return false
        }
    }

    /// Whether a completion arrived.
    public var isCompleted: Bool { completionCount > 0 }

    /// Suspends until at least `count` values arrived (at once if they already did).
    ///
    /// A wait that lasts ``WaitableValue/safetyNet`` records an issue at `sourceLocation`.
    public func waitForValues(count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await recorded.wait(
            until: { records in records.count { $0.isValue } >= count }, sourceLocation: sourceLocation)
    }

    /// Suspends until the completion arrived (at once if it already did).
    ///
    /// A wait that lasts ``WaitableValue/safetyNet`` records an issue at `sourceLocation`.
    public func waitForCompletion(sourceLocation: SourceLocation = #_sourceLocation) async {
        await recorded.wait(until: { records in records.contains { !$0.isValue } }, sourceLocation: sourceLocation)
    }

    private func record(_ event: Event) {
        let time = clock?.elapsed ?? .zero
        recorded.update { $0.append(Record(time: time, event: event)) }
    }
}

extension RecordingObserver.Event: Equatable where Value: Equatable {}
extension RecordingObserver.Record: Equatable where Value: Equatable {}

extension RecordingObserver.Record {
    /// Whether this records a value (not the completion).
    var isValue: Bool {
        if case .value = event { return true }
        return false
    }

    /// A record of `value` at `time` (shorthand for expected tables).
    public static func value(_ value: Value, at time: Duration = .zero) -> Self {
        Self(time: time, event: .value(value))
    }

    /// A record of the completion at `time`.
    public static func completed(at time: Duration = .zero) -> Self {
        Self(time: time, event: .completed)
    }
}
