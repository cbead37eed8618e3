import RxChainSystem

/// The one answer a prompt gives a waiting ``Flow`` (``Flow/asking(_:)``): hand it to the UI,
/// which calls ``complete(_:)`` or ``cancel()``.
///
/// The flow is resumed exactly once: by the first call, or with `.cancelled` when the task
/// running the flow is cancelled, or when the answer is dropped unanswered (a dismissed screen
/// that forgot to call back, the bug that left the original `AddExpenseFlow` waiting forever).
/// Later calls do nothing.
public final class FlowAnswer<Value: Sendable>: Sendable {
    private let slot: FlowAnswerSlot<Value>

    init(_ slot: FlowAnswerSlot<Value>) {
        self.slot = slot
    }

    deinit {
        slot.resume(with: .cancelled)
    }

    /// Resumes the flow with `value`.
    public func complete(_ value: Value) {
        slot.resume(with: .completed(value))
    }

    /// Resumes the flow with `.cancelled` (the prompt was dismissed).
    public func cancel() {
        slot.resume(with: .cancelled)
    }
}

/// Where a waiting flow and its ``FlowAnswer`` meet: the first result wins, whichever side
/// comes first (the flow holds the slot, not the answer, so a dropped answer is noticed).
final class FlowAnswerSlot<Value: Sendable>: Sendable {
    private enum State {
        /// Nobody waits yet; the result, if one came first.
        case waitingForFlow(FlowResult<Value>?)
        /// The flow waits.
        case waiting(CheckedContinuation<FlowResult<Value>, Never>)
        /// The flow was resumed.
        case answered
    }

    private let state = Lock<State>(.waitingForFlow(nil))

    /// Waits for the result (returns at once when it came first).
    func wait() async -> FlowResult<Value> {
        await withCheckedContinuation { continuation in
            let early: FlowResult<Value>? = state.withLock { state in
                guard case .waitingForFlow(let early) = state else { return .cancelled }
                if let early {
                    state = .answered
                    return early
                }
                state = .waiting(continuation)
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }

    /// Gives the result, unless one was given before.
    func resume(with result: FlowResult<Value>) {
        let waiting: CheckedContinuation<FlowResult<Value>, Never>? = state.withLock { state in
            switch state {
            case .waitingForFlow(nil):
                state = .waitingForFlow(result)
                return nil
            case .waiting(let continuation):
                state = .answered
                return continuation
            case .waitingForFlow, .answered:
                return nil
            }
        }
        waiting?.resume(returning: result)
    }
}
