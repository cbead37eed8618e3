import RxChainCore
import Testing

/// Runs a domain's reducer step by step and asserts each whole next state and the exact sync requests.
///
/// Exhaustive by default: each ``send(_:requests:sourceLocation:_:)`` says how the state
/// changes (by mutating a copy of the previous state) and which requests the message
/// produces; anything else — a field changed that the step did not mention, a request
/// more or less — is recorded as one Swift Testing issue at the step's call site, with a line
/// per difference:
///
/// ```swift
/// let store = TestStore(initialState: Tally(), reducer: tallyReducer)
/// try store.send(.add(2), requests: ["add 2"]) {
///     $0.count = 2
///     $0.log = ["main:2"]
/// }
/// try store.reject(.rename("")) { #expect($0.field == "payload") }
/// ```
///
/// It runs the reducer directly (no actor, no sync), so every step is synchronous and
/// deterministic. A step that fails records its issue and goes on from the state the reducer
/// produced, so later steps report their own differences.
public final class TestStore<State: Equatable, Msg: Message, Request: Equatable> {
    /// The state after the last step.
    public private(set) var state: State
    private let reducer: Reducer<State, Msg, Request>

    /// Creates a test store starting at `initialState`.
    public init(initialState: State, reducer: TagCompositeReducer<State, Msg, Request>) {
        self.state = initialState
        self.reducer = reducer.reducer
    }

    /// Creates a test store for a plain `Reducer`.
    public init(initialState: State, reducer: Reducer<State, Msg, Request>) {
        self.state = initialState
        self.reducer = reducer
    }

    /// Applies `message` and checks the next state is exactly `update` applied to the previous
    /// one, and the requests are exactly `requests`.
    ///
    /// A rejection, a differing state or differing requests are recorded as an issue at
    /// `sourceLocation` (the call, by default).
    ///
    /// - Throws: only what `update` throws.
    public func send(
        _ message: Msg,
        requests expectedRequests: [Request] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout State) throws -> Void = { _ in }
    ) throws {
        let result: Reduction<State, Request>
        do {
            result = try reducer.reduce(state, message)
        } catch {
            record(message, ["the message was rejected: \(error)"], at: sourceLocation)
            return
        }
        var expected = state
        try update(&expected)
        var problems: [String] = []
        if expected != result.state {
            let lines = ValueDiff.lines(expected: expected, actual: result.state)
            problems += lines.isEmpty ? ["state: expected \(expected), got \(result.state)"] : lines
        }
        if expectedRequests != result.requests {
            problems += ValueDiff.lines(expected: expectedRequests, actual: result.requests, root: "requests")
        }
        state = result.state
        if !problems.isEmpty { record(message, problems, at: sourceLocation) }
    }

    /// Checks that `message` is rejected and the state stays as it was; `inspect` sees the rejection.
    ///
    /// A message that is applied instead is recorded as an issue at `sourceLocation` (the call,
    /// by default), naming what it changed; the state stays as it was.
    ///
    /// - Throws: only what `inspect` throws.
    public func reject(
        _ message: Msg,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ inspect: (Rejection) throws -> Void = { _ in }
    ) throws {
        let result: Reduction<State, Request>
        do {
            result = try reducer.reduce(state, message)
        } catch {
            try inspect(error)
            return
        }
        let problems = ["expected a rejection, but the message was applied"]
        record(message, problems + ValueDiff.lines(expected: state, actual: result.state), at: sourceLocation)
    }

    /// Records one issue for a step: `TestStore: <tag>:` and a line per problem.
    private func record(_ message: Msg, _ problems: [String], at sourceLocation: SourceLocation) {
        let text = "TestStore: \(message.tag):\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }
}
