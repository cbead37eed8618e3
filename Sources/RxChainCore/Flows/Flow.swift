/// One user path (add an expense, pick a counterparty) as an async function that returns its
/// result: it reads slices of a store, asks the user, sends messages and awaits their effect
/// through the send handle (``SendHandle/applied()``), then returns.
///
/// What a flow promises its caller:
/// - **It always resumes the caller**, with ``FlowResult/completed(_:)`` or
///   ``FlowResult/cancelled``: a cancelled task, a `CancellationError` thrown by a step, a
///   dismissed prompt (``Flow/asking(_:)``) and a cancelled sub-flow all end the run as
///   `.cancelled`. Other errors are thrown, as from any async function.
/// - **Composition**: a flow awaits a sub-flow as one step with ``value()``; when the sub-flow
///   is cancelled, `value()` throws `CancellationError`, so the calling flow's run ends as
///   `.cancelled` too, and sends nothing after that step.
/// - **Once per run**: what a flow makes at its start (an operation id) is made once per
///   ``run()``, so a step repeated within the run (a double submit) sends the same message,
///   which the store recognises.
///
/// ```swift
/// let addExpense = Flow<String> {
///     let operationID = UUID().uuidString                      // once per run
///     let group = try await pickGroup(store.state).value()      // a sub-flow; cancelled → .cancelled
///     let amount = try await askAmount.value()
///     try await store.submit(.record(spending(operationID, group, amount))).applied()
///     return .completed(operationID)
/// }
/// switch try await addExpense.run() {
/// case .completed(let id): print("added \(id)")
/// case .cancelled: print("cancelled")                          // nothing was sent
/// }
/// ```
///
/// > Important: A flow is a value holding its body; every ``run()`` runs the body afresh.
public struct Flow<Value: Sendable>: Sendable {
    private let body: @Sendable () async throws -> FlowResult<Value>

    /// A flow running `body`: return `.completed(value)`, `.cancelled`, or throw
    /// `CancellationError` (or let a sub-flow's ``value()`` throw it) to end as cancelled.
    public init(_ body: @escaping @Sendable () async throws -> FlowResult<Value>) {
        self.body = body
    }

    /// Runs the flow to its end.
    ///
    /// - Returns: `.cancelled` when the task is cancelled before the flow starts, or the body
    ///   ends with `.cancelled` or throws `CancellationError`; otherwise the body's result.
    /// - Throws: any other error the body throws.
    public func run() async throws -> FlowResult<Value> {
        if Task.isCancelled { return .cancelled }
        do {
            return try await body()
        } catch is CancellationError {
            return .cancelled
        }
    }

    /// Runs the flow as one step of another: its value, or `CancellationError` when it was
    /// cancelled (which ends the calling flow's ``run()`` as `.cancelled`).
    public func value() async throws -> Value {
        switch try await run() {
        case .completed(let value): return value
        case .cancelled: throw CancellationError()
        }
    }

    /// A flow that completes at once with `value` (an answer given in advance, by a flag).
    public static func completed(_ value: Value) -> Flow {
        Flow { .completed(value) }
    }

    /// A flow that is cancelled at once.
    public static var cancelled: Flow {
        Flow { .cancelled }
    }

    /// A flow whose value is `transform` of this one's; cancelled when this one is.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) async throws -> Other) -> Flow<Other> {
        Flow<Other> {
            switch try await self.run() {
            case .completed(let value): .completed(try await transform(value))
            case .cancelled: .cancelled
            }
        }
    }
}
