import RxChainServerStorage

/// The accounts and live sessions, as the fold of the `server/accounts` log up to ``folded``.
///
/// A plain value without locks, clocks or I/O: ``apply(_:)`` takes the log's entries in `seq`
/// order. The rules, which make any order of concurrent operations end in one consistent state:
/// - a `signup` adds the account unless its name is already taken (the log's one-time id makes
///   that impossible for two sign-ups of one name, but the fold does not rely on it);
/// - a `login` of an existing user starts a session at generation 0 and ends the session the same
///   device had (so logging in again on a device replaces its session);
/// - a `refresh` rotates the session's refresh-token hash only if the session is live and at the
///   generation the entry rotates from; otherwise it changes nothing;
/// - an `end` removes the session if it is live;
/// - an `apiToken` rotation moves the account's token generation on only if the account is at the
///   generation the entry rotates from.
/// An entry whose body does not read as an ``AccountsEntry`` changes nothing.
///
/// Made with the server's key, the fold also indexes each account's current ``APIToken`` (the key
/// only derives tokens; the fold reads no clock or file).
struct AccountsState: Sendable {
    /// An account as stored.
    struct Account: Sendable {
        let user: String
        let password: PasswordHash
        /// The account's number: the `seq` of its sign-up in the accounts log, so unique, never
        /// reused, and the same on every fold (Toggl's integer user id).
        let number: UInt64
        /// How many times its API token was rotated.
        var apiTokenGeneration: UInt64 = 0
    }

    /// A live session of one device.
    struct Session: Sendable, Equatable {
        let id: String
        let user: String
        let device: String
        /// How many times the refresh token rotated.
        var generation: UInt64
        /// SHA-256 of the current refresh token's bytes.
        var refreshHash: [UInt8]
        /// The `ts` of the login entry.
        let signedInAt: UInt64
        /// The `ts` of the last rotation, or of the login.
        var refreshedAt: UInt64
    }

    /// The `seq` of the last entry folded (0: none).
    private(set) var folded: UInt64 = 0
    private var accounts: [String: Account] = [:]
    /// Lowercased names of the accounts, so no two names differ only in case.
    private var takenNames: Set<String> = []
    private var sessions: [String: Session] = [:]
    private var sessionByRefreshHash: [[UInt8]: String] = [:]
    /// user → device → session id.
    private var sessionByDevice: [String: [String: String]] = [:]
    /// The key API tokens are derived with; `nil`: no token index (a fold read only for its rules).
    private let key: ServerKey?
    /// ``APIToken/digest(_:)`` of each account's current API token → its user.
    private var userByAPITokenDigest: [[UInt8]: String] = [:]

    /// An empty fold; with `key`, it indexes the accounts' API tokens.
    init(key: ServerKey? = nil) {
        self.key = key
    }

    /// Folds the next entry of the log.
    ///
    /// - Precondition: `entry.seq` is `folded + 1`.
    mutating func apply(_ entry: LogEntry) {
        precondition(entry.seq == folded + 1, "accounts fold expected seq \(folded + 1), got \(entry.seq)")
        folded = entry.seq
        switch AccountsEntry(body: entry.body) {
        case .signup(let user, let password):
            guard !takenNames.contains(user.lowercased()) else { return }
            takenNames.insert(user.lowercased())
            accounts[user] = Account(user: user, password: password, number: entry.seq)
            indexAPIToken(of: user, generation: 0)
        case .login(let id, let user, let device, let refreshHash):
            guard accounts[user] != nil, sessions[id] == nil else { return }
            if let previous = sessionByDevice[user]?[device] { endSession(previous) }
            sessions[id] = Session(
                id: id, user: user, device: device, generation: 0, refreshHash: refreshHash, signedInAt: entry.ts,
                refreshedAt: entry.ts)
            sessionByRefreshHash[refreshHash] = id
            sessionByDevice[user, default: [:]][device] = id
        case .refresh(let id, let generation, let refreshHash):
            guard var session = sessions[id], session.generation == generation else { return }
            sessionByRefreshHash[session.refreshHash] = nil
            session.generation += 1
            session.refreshHash = refreshHash
            session.refreshedAt = entry.ts
            sessions[id] = session
            sessionByRefreshHash[refreshHash] = id
        case .end(let id, _):
            endSession(id)
        case .rotateAPIToken(let user, let generation):
            guard var account = accounts[user], account.apiTokenGeneration == generation else { return }
            if let key { userByAPITokenDigest[APIToken.digest(apiToken(of: account, key: key))] = nil }
            account.apiTokenGeneration += 1
            accounts[user] = account
            indexAPIToken(of: user, generation: account.apiTokenGeneration)
        case nil:
            return
        }
    }

    /// The account named exactly `user`.
    func account(_ user: String) -> Account? { accounts[user] }

    /// Whether a name equal to `user` ignoring case is taken.
    func isTaken(_ user: String) -> Bool { takenNames.contains(user.lowercased()) }

    /// The user whose current API token is `token`.
    func user(apiToken token: String) -> String? {
        userByAPITokenDigest[APIToken.digest(token)]
    }

    /// The current API token of `account`.
    func apiToken(of account: Account, key: ServerKey) -> String {
        APIToken.derive(user: account.user, generation: account.apiTokenGeneration, key: key)
    }

    /// The live session with this id.
    func session(_ id: String) -> Session? { sessions[id] }

    /// The live session whose current refresh token hashes to `hash`.
    func session(refreshHash hash: [UInt8]) -> Session? {
        sessionByRefreshHash[hash].flatMap { sessions[$0] }
    }

    /// The live session of `user`'s device `device`.
    func session(user: String, device: String) -> Session? {
        sessionByDevice[user]?[device].flatMap { sessions[$0] }
    }

    /// `user`'s live sessions, ordered by device name.
    func sessions(of user: String) -> [Session] {
        (sessionByDevice[user] ?? [:]).values.compactMap { sessions[$0] }.sorted { $0.device < $1.device }
    }

    private mutating func indexAPIToken(of user: String, generation: UInt64) {
        guard let key else { return }
        userByAPITokenDigest[APIToken.digest(APIToken.derive(user: user, generation: generation, key: key))] = user
    }

    private mutating func endSession(_ id: String) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        sessionByRefreshHash[session.refreshHash] = nil
        sessionByDevice[session.user]?[session.device] = nil
    }
}
