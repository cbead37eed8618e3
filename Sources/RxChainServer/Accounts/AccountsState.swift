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
/// - an `end` removes the session if it is live.
/// An entry whose body does not read as an ``AccountsEntry`` changes nothing.
struct AccountsState: Sendable {
    /// An account as stored.
    struct Account: Sendable {
        let user: String
        let password: PasswordHash
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
            accounts[user] = Account(user: user, password: password)
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
        case nil:
            return
        }
    }

    /// The account named exactly `user`.
    func account(_ user: String) -> Account? { accounts[user] }

    /// Whether a name equal to `user` ignoring case is taken.
    func isTaken(_ user: String) -> Bool { takenNames.contains(user.lowercased()) }

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

    private mutating func endSession(_ id: String) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        sessionByRefreshHash[session.refreshHash] = nil
        sessionByDevice[session.user]?[session.device] = nil
    }
}
