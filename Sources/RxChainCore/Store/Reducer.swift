/// A pure, synchronous function that applies one message to a state and returns the message's
/// sync requests.
///
/// Reducers never perform I/O, read clocks or keep state of their own: the same state and
/// message always give the same result, on every device. A reducer changes the state it is
/// given in place and returns the requests the change produced (none for a local message, or
/// for a change that needs no remote work). It refuses a message by throwing a ``Rejection``
/// (any other error is wrapped into one, its description as the reason): the store then keeps
/// the state it had before the message, whatever the reducer changed before it threw.
///
/// Most reducers are registered per tag in a ``TagCompositeReducer`` with ``On``; a plain
/// `Reducer` sees every message:
///
/// ```swift
/// let increment = Reducer<Int, CounterMessage, String> { count, _ in
///     count += 1
///     return ["count=\(count)"]
/// }
/// ```
public struct Reducer<State, Msg: Message, Request>: Sendable {
    @usableFromInline let body: @Sendable (inout State, Msg) throws -> [Request]

    /// Creates a reducer from its function.
    public init(_ body: @escaping @Sendable (inout State, Msg) throws -> [Request]) {
        self.body = body
    }

    /// Applies the reducer to a copy of `state`: the next state and its requests, or the rejection.
    @inlinable
    public func reduce(_ state: State, _ message: Msg) throws(Rejection) -> Reduction<State, Request> {
        var next = state
        let requests = try apply(message, to: &next)
        return Reduction(next, requests: requests)
    }

    /// Applies the reducer to `state` in place; on a rejection `state` may be partly changed.
    @inlinable
    func apply(_ message: Msg, to state: inout State) throws(Rejection) -> [Request] {
        do {
            return try body(&state, message)
        } catch let rejection as Rejection {
            throw rejection
        } catch {
            throw Rejection(tag: message.tag, reason: String(describing: error))
        }
    }
}
