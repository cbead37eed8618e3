import RxChainServerStorage

/// Why an account operation was refused. A refused operation changes nothing.
///
/// Each case names the HTTP status the server answers it with (also ``httpStatus``); the
/// ``description`` is meant for the JSON error body as is. No case and no description ever holds
/// a password or a token: the fields at fault are named, their values never repeated.
public enum AccountError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A field of the request is not acceptable; `field` names it (`user`, `device`, `password`,
    /// `refreshToken`) and `problem` says what is wrong without repeating the value. **400.**
    case invalidField(field: String, problem: String)
    /// Sign-ups are closed on this server (`--no-signup`). **403.**
    case signupClosed
    /// The user name (compared ignoring case) already belongs to an account. **409.**
    case userTaken
    /// No such user, or the password is wrong: one case and one message for both, so the answer
    /// does not tell which user names exist. **401.**
    case wrongCredentials
    /// The access token is malformed or its signature does not verify. **401.**
    case invalidAccessToken
    /// The access token's lifetime is over: refresh it. **401.**
    case expiredAccessToken
    /// The token's session was logged out, revoked, or replaced by a newer login of the same
    /// device. **401.**
    case sessionEnded
    /// The refresh token is malformed, unknown, already rotated, or its session has ended.
    /// **401.**
    case invalidRefreshToken
    /// The user has no signed-in device of this name. **404.**
    case unknownDevice(String)
    /// The server's log store refused to record the change (a storage failure); nothing was
    /// acknowledged. **503.**
    case storageFailed(LogAppendError)
    /// Too many wrong passwords in a row for this user name: try again after `retryAfter`
    /// seconds (`LoginThrottle`). **429**, with `Retry-After`.
    case tooManyAttempts(retryAfter: UInt64)

    /// The HTTP status the server answers this error with.
    public var httpStatus: Int {
        switch self {
        case .invalidField: 400
        case .signupClosed: 403
        case .userTaken: 409
        case .wrongCredentials, .invalidAccessToken, .expiredAccessToken, .sessionEnded, .invalidRefreshToken: 401
        case .unknownDevice: 404
        case .storageFailed: 503
        case .tooManyAttempts: 429
        }
    }

    public var description: String {
        switch self {
        case .invalidField(let field, let problem):
            "\(field) \(problem)"
        case .signupClosed:
            "sign-ups are closed on this server"
        case .userTaken:
            "this user name is taken"
        case .wrongCredentials:
            "unknown user or wrong password"
        case .invalidAccessToken:
            "access token is invalid"
        case .expiredAccessToken:
            "access token has expired: refresh it"
        case .sessionEnded:
            "session has ended (logged out, revoked, or replaced by a newer login on this device): log in again"
        case .invalidRefreshToken:
            "refresh token is invalid, already used, or its session has ended: log in again"
        case .unknownDevice(let device):
            "no signed-in device named \(String(reflecting: device))"
        case .storageFailed:
            "the server could not record the change; nothing was saved, try again"
        case .tooManyAttempts(let seconds):
            "too many wrong passwords for this user: try again in \(seconds) s"
        }
    }
}
