import RxChainJSON

/// One answer of an RxChain server: its status and its JSON body.
public struct ServerAnswer: Sendable {
    /// The HTTP status.
    public let status: Int
    /// The body's bytes (a JSON object, or empty for 204).
    public let body: [UInt8]
    /// The server's origin, for errors.
    let server: String
    /// How long the server asked the client to wait before trying again (`Retry-After`), if it did.
    public let retryAfter: Duration?

    /// An answer of `server` (its origin, named in errors).
    package init(status: Int, body: [UInt8], server: String, retryAfter: Duration? = nil) {
        self.status = status
        self.body = body
        self.server = server
        self.retryAfter = retryAfter
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body read as a JSON object.
    ///
    /// - Throws: ``ServerClientError/malformedAnswer(server:reason:)`` when it is not one.
    package func object() throws(ServerClientError) -> JSONObjectReader {
        do {
            return try JSONObjectReader(body, field: "answer")
        } catch {
            throw .malformedAnswer(server: server, reason: error.description)
        }
    }

    /// The refusal this answer carries (its status, and the `error` code and `message` of its
    /// body when it has them).
    public var refusal: ServerClientError {
        let reader = try? JSONObjectReader(body, field: "answer")
        let code = (try? reader?.optionalString("error")) ?? nil
        let message = (try? reader?.optionalString("message")) ?? nil
        return .refused(
            server: server, status: status, code: code ?? "http_\(status)", message: message ?? "no message")
    }

    /// Throws the ``refusal`` unless the status is 2xx.
    public func requireSuccess() throws(ServerClientError) {
        if !isSuccess { throw refusal }
    }

    /// Reads a field of the body with `read`, naming the server when the answer is not as promised.
    package func read<Value>(_ read: (JSONObjectReader) throws(JSONFieldError) -> Value) throws(ServerClientError)
        -> Value
    {
        let reader = try object()
        do {
            return try read(reader)
        } catch {
            throw .malformedAnswer(server: server, reason: error.description)
        }
    }
}
