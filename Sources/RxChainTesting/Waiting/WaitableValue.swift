import RxChainSystem
import Signals
import Testing

/// A value a test waits on by event: whatever changes it (an observer, a test double, a
/// `deinit`) calls ``update(_:)``, and the tasks waiting in `wait(until:sourceLocation:)` for a
/// condition that now holds resume.
///
/// A test that waits this way goes on as soon as what it waits for has happened, however slow
/// or loaded the machine; it never waits for time to pass, and never gives up after a number of
/// tries:
///
/// ```swift
/// let delivered = WaitableValue(0)
/// let token = relay.signal.observe(on: actor).sink { _ in delivered.update { $0 += 1 } }
/// for value in 0..<8_000 { relay.send(value) }
/// await delivered.wait { $0 == 8_000 }
/// ```
///
/// A wait that never ends is a bug, not a slow machine: after ``safetyNet`` the wait records an
/// issue at the caller's line and returns, so a hang fails its test instead of stalling the run.
///
/// > Important: A condition is a pure function of the value: it runs under the value's lock
/// > (so it sees every change), and must not touch this `WaitableValue` or block.
public final class WaitableValue<Value: Sendable>: Sendable {
    /// How long a wait goes on before it counts as a hang: 10 minutes, far beyond any wait for
    /// an event that happens, so it never decides a test that works.
    public static var safetyNet: Duration { .seconds(600) }

    private struct Waiter: Sendable {
        let condition: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State: Sendable {
        var value: Value
        var nextID: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
        /// Waits between their start and their registration, and whether they were cancelled meanwhile.
        var registering: [UInt64: Bool] = [:]
    }

    private let state: Lock<State>

    /// A value starting at `initial`.
    public init(_ initial: Value) {
        state = Lock(State(value: initial))
    }

    /// The value now.
    public var value: Value { state.withLock { $0.value } }

    /// Changes the value, then resumes every wait whose condition the new value meets; returns
    /// what `change` returns.
    @discardableResult
    public func update<Result: Sendable>(_ change: (inout Value) -> Result) -> Result {
        let (result, due) = state.withLock { state -> (Result, [CheckedContinuation<Void, Never>]) in
            let result = change(&state.value)
            let value = state.value
            let met = state.waiters.filter { $0.value.condition(value) }
            for id in met.keys { state.waiters[id] = nil }
            return (result, met.values.map(\.continuation))
        }
        for continuation in due { continuation.resume() }
        return result
    }

    /// Suspends until `condition` holds for the value (at once if it already does).
    ///
    /// Returns early if the task is cancelled. After `limit` (``safetyNet`` unless a test of a
    /// hang says otherwise) it records an issue at `sourceLocation` and returns.
    public func wait(
        until condition: @escaping @Sendable (Value) -> Bool, failingAfter limit: Duration = safetyNet,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let met = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.waitUnlessCancelled(until: condition)
                return true
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !met && !Task.isCancelled {
            Issue.record(
                "waited \(limit) for a condition that never held (the value is \(value)): a hang, not a slow machine",
                sourceLocation: sourceLocation)
        }
    }

    private func waitUnlessCancelled(until condition: @escaping @Sendable (Value) -> Bool) async {
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.registering[id] = false
            return id
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    let cancelled = state.registering.removeValue(forKey: id) ?? false
                    if cancelled || condition(state.value) { return true }
                    state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                if state.registering[id] != nil {
                    state.registering[id] = true
                    return nil
                }
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.continuation.resume()
        }
    }
}
