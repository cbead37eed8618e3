import RxChainSystem

/// Why a request to an RxChain server failed; every case names the server.
///
/// No case ever holds a password or a token.
public enum ServerClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The location is not an `http://` or `https://` server URL (or a log URL on one).
    case invalidServer(String, reason: String)
    /// The user name cannot name an account (it appears in log paths and file names).
    case invalidUser(String, reason: String)
    /// The text does not name a log family: `KIND/ID`, two non-empty segments (`playbooks/team`).
    case invalidFamily(String)
    /// No answer came (connection refused, timeout, connection lost).
    case unreachable(server: String, reason: String)
    /// The server answered with an error: its status, `error` code and message.
    case refused(server: String, status: Int, code: String, message: String)
    /// There is no session for the server (and user), or it ended: sign in again.
    case notSignedIn(server: String, user: String?, reason: String)
    /// The answer is not what the server's API promises.
    case malformedAnswer(server: String, reason: String)
    /// A session file could not be read or written.
    case sessionFile(path: String, operation: String, errno: Int32)
    /// A session file holds something that is not a session.
    case unreadableSession(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidServer(let server, let reason):
            "\(String(reflecting: server)) is not a server URL: \(reason)"
        case .invalidUser(let user, let reason):
            "\(String(reflecting: user)) is not a user name: \(reason)"
        case .invalidFamily(let family):
            "\(String(reflecting: family)) is not a family: expected KIND/ID, such as playbooks/team"
        case .unreachable(let server, let reason):
            "server \(server) is unreachable: \(reason)"
        case .refused(let server, let status, let code, let message):
            "server \(server) refused (\(status) \(code)): \(message)"
        case .notSignedIn(let server, let user, let reason):
            "not signed in to \(server)\(user.map { " as \($0)" } ?? ""): \(reason); "
                + "run 'rxchain account login --server \(server) --user NAME'"
        case .malformedAnswer(let server, let reason):
            "server \(server) gave an answer this client cannot read: \(reason)"
        case .sessionFile(let path, let operation, let code):
            "cannot \(operation) session file \(path): \(systemErrorMessage(code))"
        case .unreadableSession(let path, let reason):
            "session file \(path) is not a session: \(reason)"
        }
    }

    /// The HTTP status of a refusal, `nil` for every other case.
    public var status: Int? {
        if case .refused(_, let status, _, _) = self { return status }
        return nil
    }
}

extension ServerClientError: SystemCallError {
    package static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> ServerClientError {
        .sessionFile(path: path, operation: operation, errno: code)
    }
}
