import RxChain

/// Runs a domain's reducer step by step and asserts each whole next state and the exact sync requests.
///
/// Exhaustive by default: each ``send(_:requests:file:line:_:)`` says how the state
/// changes (by mutating a copy of the previous state) and which requests the message
/// produces; anything else — a field changed that the step did not mention, a request
/// more or less — fails with a line per difference:
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
/// deterministic. Failures are thrown as ``TestStoreFailure``; test frameworks report
/// thrown errors with their description.
public final class TestStore<State: Equatable, Msg: Message, Request: Equatable> {
    /// The state after the last accepted step.
    public private(set) var state: State
    private let reducer: Reducer<State, Msg, Request>

    /// Creates a test store starting at `initialState`.
    public init(initialState: State, reducer: TagCompositeReducer<State, Msg, Request>) {
        self.state = initialState
        self.reducer = reducer.reducer
    }

    /// Creates a test store for a plain ``Reducer``.
    public init(initialState: State, reducer: Reducer<State, Msg, Request>) {
        self.state = initialState
        self.reducer = reducer
    }

    /// Applies `message` and checks the next state is exactly `update` applied to the previous
    /// one, and the requests are exactly `requests`.
    public func send(
        _ message: Msg,
        requests expectedRequests: [Request] = [],
        file: String = #fileID,
        line: Int = #line,
        _ update: (inout State) throws -> Void = { _ in }
    ) throws {
        let location = "\(file):\(line)"
        let result: DataSync<State, Request>
        do {
            result = try reducer.reduce(state, message)
        } catch {
            throw TestStoreFailure(
                tag: message.tag.rawValue, problems: ["the message was rejected: \(error)"],
                sourceLocation: location)
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
        guard problems.isEmpty else {
            throw TestStoreFailure(tag: message.tag.rawValue, problems: problems, sourceLocation: location)
        }
    }

    /// Checks that `message` is rejected and the state stays as it was; `inspect` sees the rejection.
    public func reject(
        _ message: Msg,
        file: String = #fileID,
        line: Int = #line,
        _ inspect: (Rejection) throws -> Void = { _ in }
    ) throws {
        do {
            let result = try reducer.reduce(state, message)
            var problems = ["expected a rejection, but the message was applied"]
            problems += ValueDiff.lines(expected: state, actual: result.state)
            throw TestStoreFailure(tag: message.tag.rawValue, problems: problems, sourceLocation: "\(file):\(line)")
        } catch let rejection as Rejection {
            try inspect(rejection)
        }
    }
}
