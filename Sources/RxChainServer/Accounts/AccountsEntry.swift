import RxChainJSON
import RxChainSystem

/// One entry of the reserved log `server/accounts`: the only way the accounts' state changes.
///
/// Each kind has an entry id that makes the log settle races (see ``id``), and a compact JSON body
/// (`type` first). Secrets never appear: a password only as its ``PasswordHash``, a refresh token
/// only as the base64url SHA-256 of its bytes.
enum AccountsEntry: Equatable, Sendable {
    /// Why a session ended.
    enum EndReason: String, Sendable {
        /// Its own device logged out.
        case logout
        /// Its user revoked the device.
        case revoked
    }

    /// A new account: the one-time claim of its (case-folded) name.
    case signup(user: String, password: PasswordHash)
    /// A device signed in: a new session at generation 0, replacing the device's previous session.
    case login(session: String, user: String, device: String, refreshHash: [UInt8])
    /// The session's refresh token rotated from `generation` to `generation + 1`.
    case refresh(session: String, generation: UInt64, refreshHash: [UInt8])
    /// The session ended.
    case end(session: String, reason: EndReason)
    /// The user's API token moved from `generation` to `generation + 1` (see ``APIToken``): the
    /// token of `generation` stops working.
    case rotateAPIToken(user: String, generation: UInt64)

    /// The entry's id, which the log accepts once:
    /// - `signup:<user, lowercased>`: two sign-ups of one name (in any case) have one winner;
    /// - `login:<session>`: session ids are random, so logins never clash;
    /// - `refresh:<session>:<generation>`: of two refreshes presenting the same token, one wins;
    /// - `end:<session>`: a session ends once (a repeated logout is a duplicate, not a second line);
    /// - `apitoken:<user, lowercased>:<generation>`: of two rotations from one token, one wins.
    var id: String {
        switch self {
        case .signup(let user, _): "signup:\(user.lowercased())"
        case .login(let session, _, _, _): "login:\(session)"
        case .refresh(let session, let generation, _): "refresh:\(session):\(generation)"
        case .end(let session, _): "end:\(session)"
        case .rotateAPIToken(let user, let generation): "apitoken:\(user.lowercased()):\(generation)"
        }
    }

    /// The entry's JSON body.
    var body: [UInt8] {
        var writer = JSONWriter()
        writer.raw("{")
        switch self {
        case .signup(let user, let password):
            writer.member("type", "signup", first: true)
            writer.member("user", user)
            writer.member("scheme", PasswordHash.scheme)
            writer.member("iterations", UInt64(password.iterations))
            writer.member("salt", Base64URL.encode(password.salt))
            writer.member("hash", Base64URL.encode(password.hash))
        case .login(let session, let user, let device, let refreshHash):
            writer.member("type", "login", first: true)
            writer.member("session", session)
            writer.member("user", user)
            writer.member("device", device)
            writer.member("refreshHash", Base64URL.encode(refreshHash))
        case .refresh(let session, let generation, let refreshHash):
            writer.member("type", "refresh", first: true)
            writer.member("session", session)
            writer.member("generation", generation)
            writer.member("refreshHash", Base64URL.encode(refreshHash))
        case .end(let session, let reason):
            writer.member("type", "end", first: true)
            writer.member("session", session)
            writer.member("reason", reason.rawValue)
        case .rotateAPIToken(let user, let generation):
            writer.member("type", "apiToken", first: true)
            writer.member("user", user)
            writer.member("generation", generation)
        }
        writer.raw("}")
        return writer.bytes
    }

    /// The most iterations a stored hash may ask for (a bound on the work one login can cost).
    static let maximumIterations: UInt64 = 100_000_000

    /// Reads a body written by ``body``; `nil` for anything else.
    init?(body: [UInt8]) {
        guard let fields = FlatJSONObject(body), let type = fields.string("type") else { return nil }
        switch type {
        case "signup":
            guard let user = fields.string("user"), fields.string("scheme") == PasswordHash.scheme,
                let iterations = fields.integer("iterations"), (1...Self.maximumIterations).contains(iterations),
                let salt = fields.string("salt").flatMap(Base64URL.decode), salt.count == PasswordHash.saltCount,
                let hash = fields.string("hash").flatMap(Base64URL.decode), hash.count == PasswordHash.hashCount
            else { return nil }
            self = .signup(user: user, password: PasswordHash(iterations: Int(iterations), salt: salt, hash: hash))
        case "login":
            guard let session = fields.string("session"), let user = fields.string("user"),
                let device = fields.string("device"), let refreshHash = Self.refreshHash(fields)
            else { return nil }
            self = .login(session: session, user: user, device: device, refreshHash: refreshHash)
        case "refresh":
            guard let session = fields.string("session"), let generation = fields.integer("generation"),
                let refreshHash = Self.refreshHash(fields)
            else { return nil }
            self = .refresh(session: session, generation: generation, refreshHash: refreshHash)
        case "end":
            guard let session = fields.string("session"),
                let reason = fields.string("reason").flatMap(EndReason.init(rawValue:))
            else { return nil }
            self = .end(session: session, reason: reason)
        case "apiToken":
            guard let user = fields.string("user"), let generation = fields.integer("generation") else { return nil }
            self = .rotateAPIToken(user: user, generation: generation)
        default:
            return nil
        }
    }

    private static func refreshHash(_ fields: FlatJSONObject) -> [UInt8]? {
        guard let hash = fields.string("refreshHash").flatMap(Base64URL.decode), hash.count == SHA256.digestCount
        else { return nil }
        return hash
    }
}
