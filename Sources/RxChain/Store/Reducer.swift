/// A pure, synchronous function from a state and a message to the next state and its sync requests.
///
/// Reducers never perform I/O, read clocks or keep state of their own: the same
/// state and message always give the same result, on every device. A reducer may
/// refuse a message by throwing a ``Rejection`` (any other error thrown is wrapped
/// into one, its description as the reason); the store then keeps its state.
///
/// ```swift
/// let increment = Reducer<Int, CounterMessage, String> { count, _ in
///     DataSync(count + 1, requests: ["count=\(count + 1)"])
/// }
/// ```
public struct Reducer<State, Msg: Message, Request>: Sendable {
    @usableFromInline let body: @Sendable (State, Msg) throws -> DataSync<State, Request>

    /// Creates a reducer from its function.
    public init(_ body: @escaping @Sendable (State, Msg) throws -> DataSync<State, Request>) {
        self.body = body
    }

    /// Applies the reducer; whatever it throws reaches the caller as a ``Rejection``.
    @inlinable
    public func reduce(_ state: State, _ message: Msg) throws(Rejection) -> DataSync<State, Request> {
        do {
            return try body(state, message)
        } catch let rejection as Rejection {
            throw rejection
        } catch {
            throw Rejection(tag: message.tag, reason: String(describing: error))
        }
    }
}
