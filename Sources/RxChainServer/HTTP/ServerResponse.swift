import RxChainJSON

/// One HTTP response from the server core: a status and, except for 204, a JSON body.
///
/// Every body of the built-in routes is a JSON object (a mounted ``ServerService`` may answer
/// any JSON value, such as an array or `null`). A refusal's body is `{"error": CODE, "message": TEXT}` plus the
/// fields its ``ServerError`` adds (`field`, `current`); see ``ServerError``.
public struct ServerResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The body: a JSON object, or empty for 204.
    public var body: [UInt8]
    /// Extra headers the embedding server must send (`Retry-After`, `WWW-Authenticate`).
    public var headers: [String: String]

    /// Creates a response.
    public init(status: Int, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// A response with a JSON body written by `write` between `{` and `}`.
    package static func json(_ status: Int = 200, _ write: (inout JSONObjectWriter) -> Void) -> ServerResponse {
        var object = JSONObjectWriter()
        write(&object)
        return ServerResponse(status: status, body: object.finish())
    }

    /// `204 No Content`.
    package static var noContent: ServerResponse { ServerResponse(status: 204, body: []) }
}
