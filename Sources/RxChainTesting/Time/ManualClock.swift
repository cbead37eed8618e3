import RxChainSystem
import Signals
import Synchronization
import Testing

/// A clock whose time moves only when a test advances it; also a Signals `Scheduler`.
///
/// Time starts at ``Instant/zero``. Work scheduled with ``schedule(after:_:)`` and
/// tasks suspended in ``sleep(until:tolerance:)`` wait until ``advance(by:)`` or
/// ``advance(to:)`` moves `now` past their deadline. Advancing runs due actions
/// *synchronously, on the advancing thread*, in deadline order (ties in scheduling
/// order), with `now` set to each action's deadline while it runs; actions scheduled
/// by those actions run in the same advance if they fall due. So time-based tests
/// never sleep:
///
/// ```swift
/// let clock = ManualClock()
/// let recorder = RecordingObserver<Int>(clock: clock)
/// let token = relay.signal.debounce(for: .seconds(1), scheduler: clock).subscribe(recorder.observer)
/// relay.send(1)
/// clock.advance(by: .seconds(1))  // delivers 1, recorded at 1 s
/// ```
///
/// A task that sleeps on the clock gets there on its own executor, some time after the test
/// started it: ``waitForSleepers(count:sourceLocation:)`` waits until it is asleep (an event,
/// not a number of tries) before the test advances.
///
/// > Important: Advance from one thread at a time. No lock is held while an action
/// > runs, so actions may schedule, cancel and advance-free work freely. Sleeping
/// > tasks are resumed (not run) by an advance; they continue on their executor.
public final class ManualClock: Clock, Scheduler, Sendable {
    /// A point on a manual clock: the time elapsed since the clock started.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// Time since the clock's start.
        public var offset: Duration

        /// The instant `offset` after the start.
        public init(offset: Duration) { self.offset = offset }

        /// The clock's start.
        public static let zero = Instant(offset: .zero)

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private enum Work: Sendable {
        case action(@Sendable () -> Void)
        case sleeper(CheckedContinuation<Void, any Error>)
    }

    private struct Entry: Sendable {
        let id: UInt64
        let deadline: Instant
        let work: Work
    }

    private enum SleepState: Sendable {
        case registering
        case cancelledWhileRegistering
    }

    private struct State: Sendable {
        var now = Instant.zero
        var nextID: UInt64 = 0
        var entries: [Entry] = []
        var sleepsBeingRegistered: [UInt64: SleepState] = [:]

        mutating func makeID() -> UInt64 {
            defer { nextID += 1 }
            return nextID
        }

        /// Removes and returns the earliest entry due at or before `limit` (ties: first scheduled).
        mutating func popDue(notAfter limit: Instant) -> Entry? {
            var best: Int?
            for index in entries.indices where entries[index].deadline <= limit {
                if let current = best,
                    (entries[current].deadline, entries[current].id) <= (
                        entries[index].deadline, entries[index].id
                    )
                {
                    continue
                }
                best = index
            }
            guard let best else { return nil }
            return entries.remove(at: best)
        }

        mutating func remove(id: UInt64) -> Entry? {
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
            return entries.remove(at: index)
        }

        var sleeperCount: Int {
            entries.count { entry in
                if case .sleeper = entry.work { return true }
                return false
            }
        }
    }

    /// The clock's state, which ``waitForSleepers(count:sourceLocation:)`` waits on.
    private let state = WaitableValue(State())

    /// Creates a clock at ``Instant/zero`` with nothing scheduled.
    public init() {}

    /// The current time.
    public var now: Instant { state.value.now }

    /// The time elapsed since the clock started (the same as `now.offset`).
    public var elapsed: Duration { now.offset }

    /// A manual clock resolves any duration exactly.
    public var minimumResolution: Duration { .zero }

    /// How many scheduled actions and sleeping tasks are waiting for time to pass.
    public var pendingCount: Int { state.value.entries.count }

    /// How many tasks sleep on this clock, waiting for time to pass.
    public var sleeperCount: Int { state.value.sleeperCount }

    /// Suspends until at least `count` tasks sleep on this clock (at once if they already do):
    /// a test advances once the code under test waits, never before.
    ///
    /// A wait that lasts ``WaitableValue/safetyNet`` records an issue at `sourceLocation` (see
    /// ``WaitableValue``).
    public func waitForSleepers(count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        await state.wait(until: { $0.sleeperCount >= count }, sourceLocation: sourceLocation)
    }

    /// Suspends until an advance reaches `deadline` (returns at once if it has passed).
    ///
    /// Throws `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.update { state in
            let id = state.makeID()
            state.sleepsBeingRegistered[id] = .registering
            return id
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, resume, cancel }
                let outcome = state.update { state -> Outcome in
                    let registration = state.sleepsBeingRegistered.removeValue(forKey: id)
                    if registration == .cancelledWhileRegistering { return .cancel }
                    if deadline <= state.now { return .resume }
                    state.entries.append(Entry(id: id, deadline: deadline, work: .sleeper(continuation)))
                    return .wait
                }
                switch outcome {
                case .wait: break
                case .resume: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiting = state.update { state -> Entry? in
                if state.sleepsBeingRegistered[id] != nil {
                    state.sleepsBeingRegistered[id] = .cancelledWhileRegistering
                    return nil
                }
                return state.remove(id: id)
            }
            if case .sleeper(let continuation) = waiting?.work {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Runs `action` when an advance reaches `delay` from now, unless the token is cancelled (or dropped) first.
    ///
    /// A delay of zero or less is due at the next advance (even `advance(by: .zero)`).
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Subscription {
        let id = state.update { state in
            let id = state.makeID()
            let deadline = state.now.advanced(by: max(delay, .zero))
            state.entries.append(Entry(id: id, deadline: deadline, work: .action(action)))
            return id
        }
        return Subscription { [weak self] in
            // The removed entry (and its action) is released after the lock.
            _ = self?.state.update { $0.remove(id: id) }
        }
    }

    /// Moves time forward by `duration`, running everything that falls due, in deadline order.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline`, running everything that falls due, in deadline order.
    ///
    /// Time never goes back: a deadline before `now` only runs work already due.
    public func advance(to deadline: Instant) {
        while true {
            let due = state.update { state -> Entry? in
                let target = max(deadline, state.now)
                guard let entry = state.popDue(notAfter: target) else {
                    state.now = target
                    return nil
                }
                state.now = max(state.now, entry.deadline)
                return entry
            }
            guard let due else { return }
            switch due.work {
            case .action(let action): action()
            case .sleeper(let continuation): continuation.resume()
            }
        }
    }
}
