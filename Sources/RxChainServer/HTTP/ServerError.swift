/// A refused request: the HTTP status, a stable error code and a message for people.
///
/// Its response body is `{"error": code, "message": message}`, plus `"field"` when one field of
/// the request is at fault and `"current"` when a conditional append met another revision. A
/// refused request has written nothing. Messages never hold a password or a token.
///
/// | status | codes |
/// |---|---|
/// | 400 | `malformed_json`, `invalid_field`, `invalid_log_name` |
/// | 401 | `unauthenticated` |
/// | 403 | `forbidden`, `signup_closed` |
/// | 404 | `not_found`, `not_a_family`, `unknown_user` |
/// | 405 | `method_not_allowed` |
/// | 409 | `clash`, `revision_mismatch`, `taken`, `already_claimed`, `owner_cannot_be_revoked` |
/// | 413 | `body_too_large` |
/// | 429 | `too_many_attempts` (with `Retry-After`) |
/// | 503 | `unavailable` (with `Retry-After`) |
public struct ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status code.
    public let status: Int
    /// The stable, machine-readable error code (`clash`, `forbidden`, …).
    public let code: String
    /// What went wrong, for people.
    public let message: String
    /// The request field at fault, if one is.
    public var field: String?
    /// For `revision_mismatch`: the log's revision now.
    public var current: UInt64?
    /// For a 429: the seconds to wait before trying again (sent as `Retry-After`).
    public var retryAfter: UInt64?

    /// Creates an error.
    public init(status: Int, code: String, message: String, field: String? = nil, current: UInt64? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.current = current
    }

    public var description: String { "\(status) \(code): \(message)" }

    /// The response that carries this error.
    public var response: ServerResponse {
        var response = ServerResponse.json(status) { object in
            object.member("error", code)
            object.member("message", message)
            if let field { object.member("field", field) }
            if let current { object.member("current", current) }
        }
        if status == 401 { response.headers["WWW-Authenticate"] = "Bearer" }
        if status == 503 { response.headers["Retry-After"] = "1" }
        if let retryAfter { response.headers["Retry-After"] = String(retryAfter) }
        return response
    }
}

extension ServerError {
    /// 400: one field (of the body or the query) is missing or wrong.
    package static func invalidField(_ field: String, _ message: String) -> ServerError {
        ServerError(status: 400, code: "invalid_field", message: "\(field): \(message)", field: field)
    }

    /// 401: no valid credentials.
    package static func unauthenticated(_ message: String) -> ServerError {
        ServerError(status: 401, code: "unauthenticated", message: message)
    }

    /// 403: the user may not do this.
    package static func forbidden(_ message: String) -> ServerError {
        ServerError(status: 403, code: "forbidden", message: message)
    }

    /// 404: no such route.
    package static func notFound(_ path: String) -> ServerError {
        ServerError(status: 404, code: "not_found", message: "no route for \(path)")
    }

    /// 405: the route exists, not with this method.
    package static func methodNotAllowed(_ method: String, _ path: String) -> ServerError {
        ServerError(status: 405, code: "method_not_allowed", message: "\(method) is not allowed on \(path)")
    }

    /// 413: the body is longer than the server accepts.
    package static func bodyTooLarge(limit: Int) -> ServerError {
        ServerError(status: 413, code: "body_too_large", message: "request body is larger than \(limit) bytes")
    }

    /// 503: storage cannot take writes now.
    package static func unavailable(_ message: String) -> ServerError {
        ServerError(status: 503, code: "unavailable", message: message)
    }
}
