import RxChainCore
import RxChainRemotes

/// A domain whose changes travel to a REST server as requests (the time tracker): what a
/// REST ``Device`` needs besides its store's reducer.
///
/// The reducer turns each local message into the requests it makes necessary; the device queues
/// them durably and sends them through an `HTTPTransport` with ``mapping``; what the server
/// answers comes back into the store as the messages ``messages(answering:)`` makes, and what
/// changed on the server as the messages `pull(_:state:since:)` makes.
public protocol RESTDomain: ReplicatedDomain where AppState == State {
    /// The state every device of the user converges on (saved in the store as a snapshot).
    associatedtype State: Codable & Sendable
    /// How a queued request becomes an HTTP call.
    associatedtype Mapping: HTTPRequestMapping

    /// The state of a store that holds nothing.
    var initialState: State { get }
    /// The store's reducer: local messages make requests, answers apply.
    var reducer: TagCompositeReducer<State, AppMessage, Request> { get }
    /// The calls of the queued requests.
    var mapping: Mapping { get }
    /// The rules that shrink pending requests before they are sent, if any.
    var coalescing: CoalescingRules? { get }

    /// The messages that tell the store what the server answered to a request (an ack with the
    /// ids the server made, a rejection with its status), in order.
    ///
    /// - Throws: when the answer cannot be read; the request then stays queued and is sent again.
    func messages(answering exchange: HTTPExchange) throws -> [AppMessage]

    /// Asks the server what changed since `cursor` (`nil`: everything) and returns the messages
    /// that bring the store up to date, with the cursor for the next pull.
    ///
    /// With a `wait` above zero (a device following the server, ``Device/follow(interval:onEvent:)``),
    /// the server may hold its answer up to `wait` until something changed after `cursor` (a long
    /// poll); an answer with no change is a pull that brought nothing.
    ///
    /// - Throws: the client's error when the server cannot be reached or refuses.
    func pull(_ client: ServerClient, state: State, since cursor: String?, wait: Duration) async throws -> (
        messages: [AppMessage], cursor: String?
    )
}

extension RESTDomain {
    public var coalescing: CoalescingRules? { nil }
}
