import RxChainCore

/// How a domain's queued requests travel over HTTP: the one thing the device's `HTTPTransport` needs
/// to know about a domain.
///
/// Pure and deterministic: the transport calls it again for the same record when it retries.
///
/// ```swift
/// struct NotesMapping: HTTPRequestMapping {
///     func call(for record: QueueRecord) throws(HTTPMappingError) -> HTTPCall? {
///         guard record.tag == "notes/put" else { throw HTTPMappingError("no route for \(record.tag)") }
///         return HTTPCall(method: "PUT", path: "/notes/\(record.key)", body: Array(record.payload))
///     }
/// }
/// ```
public protocol HTTPRequestMapping: Sendable {
    /// The HTTP call that carries `record`, or `nil` when there is nothing to send (a request
    /// that only cancels one still queued): the record is then acknowledged without a call, and
    /// no answer reaches the domain.
    ///
    /// - Throws: ``HTTPMappingError`` when the record can never be sent (an unknown tag, a
    ///   payload that does not read): the record becomes a dead letter with that reason.
    func call(for record: QueueRecord) throws(HTTPMappingError) -> HTTPCall?
}

/// Why a queued request cannot be turned into an HTTP call.
public struct HTTPMappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for a person to read (it becomes the dead letter's reason).
    public var reason: String

    /// Creates the error.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
