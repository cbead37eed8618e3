// TEMPORARY: stand-ins for the pieces being built on the store, accounts and access branches,
// so the HTTP core builds meanwhile. Deleted when those branches merge.
import Synchronization

public struct Principal: Sendable {
    public let user: String
    public let device: String
}

public struct SessionTokens: Sendable {
    let user: String
    let device: String
    let accessToken: String
    let accessTokenExpiresAt: UInt64
    let refreshToken: String
}

public struct DeviceSession: Sendable {
    let device: String
    let signedInAt: UInt64
}

public struct AccountError: Error {}

public final class Accounts: Sendable {
    private let users = Mutex<Set<String>>([])
    public init() {}
    func authenticate(accessToken: String) throws(AccountError) -> Principal {
        let parts = accessToken.split(separator: ":").map(String.init)
        guard parts.count == 2, users.withLock({ $0.contains(parts[0]) }) else { throw AccountError() }
        return Principal(user: parts[0], device: parts[1])
    }
    func signUp(user: String, password: String) async throws(AccountError) {
        guard users.withLock({ $0.insert(user).inserted }) else { throw AccountError() }
    }
    func signIn(user: String, password: String, device: String) async throws(AccountError) -> SessionTokens {
        SessionTokens(
            user: user, device: device, accessToken: "\(user):\(device)", accessTokenExpiresAt: 0,
            refreshToken: "\(user):\(device)")
    }
    func refresh(refreshToken: String) async throws(AccountError) -> SessionTokens {
        let principal = try authenticate(accessToken: refreshToken)
        return try await signIn(user: principal.user, password: "", device: principal.device)
    }
    func revoke(device: String, of user: String) async throws(AccountError) {}
    func devices(of user: String) -> [DeviceSession] { [] }
}

extension ServerError {
    init(_ error: AccountError) { self = .unauthenticated("bad credentials") }
}

extension LogServer {
    public static func open(options: ServerOptions, policy: AccessPolicy) throws -> LogServer {
        var configuration = Configuration()
        configuration.signupOpen = options.signupOpen
        let book = LogBook()
        return LogServer(
            book: book, accounts: Accounts(), access: AccessControl(book: book, policy: policy),
            configuration: configuration)
    }
    public func close() async {}
}

extension LogServer {
    public convenience init(book: LogBook, policy: AccessPolicy, configuration: Configuration = .init()) throws {
        self.init(
            book: book, accounts: Accounts(), access: AccessControl(book: book, policy: policy),
            configuration: configuration)
    }
}
