import Foundation
import RxChainJSON
import RxChainSystem

/// Where a machine keeps its device sessions: one file per server and user under
/// `RXCHAIN_HOME/sessions/` (`RXCHAIN_HOME` defaults to `~/.rxchain`), each mode 0600 in a
/// directory of mode 0700.
///
/// A file is replaced atomically and durably (written beside, fsynced, renamed, directory
/// fsynced), so a crash leaves the old session or the new one. Several processes may share a
/// session: the server rotates the refresh token on every refresh, so a process whose refresh
/// is refused reads the file again before giving up (another process may have refreshed).
///
/// > Important: Blocking file I/O (small files); call it from a command's thread, not from the
/// > concurrency pool in a loop.
public struct ServerSessionStore: Sendable {
    /// The directory holding the session files.
    public let directory: URL

    /// The store under `home` (its `sessions/` directory).
    public init(home: URL) {
        directory = home.appendingPathComponent("sessions", isDirectory: true)
    }

    /// The store under `RXCHAIN_HOME`, or `~/.rxchain` when it is unset or empty.
    public init(environment: [String: String]) {
        if let home = environment["RXCHAIN_HOME"], !home.isEmpty {
            self.init(home: URL(fileURLWithPath: home, isDirectory: true))
        } else {
            let user =
                environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            self.init(home: user.appendingPathComponent(".rxchain", isDirectory: true))
        }
    }

    /// The session of `user` on `server`, or `nil` when there is none.
    public func session(server: String, user: String) throws(ServerClientError) -> ServerSession? {
        let path = try file(server: server, user: user).path
        guard let data = try SystemFile<ServerClientError>.contentsIfExists(path, operation: "read") else {
            return nil
        }
        do {
            return try JSONDecoder().decode(ServerSession.self, from: data)
        } catch {
            throw .unreadableSession(path: path, reason: "\(error)")
        }
    }

    /// Every session kept for `server`, in user order.
    public func sessions(server: String) throws(ServerClientError) -> [ServerSession] {
        let suffix = "@" + Self.fileName(server) + ".json"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var sessions: [ServerSession] = []
        for name in names.sorted() where name.hasSuffix(suffix) {
            let user = String(name.dropLast(suffix.count))
            if let session = try session(server: server, user: user) { sessions.append(session) }
        }
        return sessions
    }

    /// The one session for `server`: `user`'s when given, else the only one kept.
    ///
    /// - Throws: ``ServerClientError/notSignedIn(server:user:reason:)`` when there is none, or
    ///   several and no `user` to choose.
    public func session(server: String, user: String?) throws(ServerClientError) -> ServerSession {
        if let user {
            guard let session = try session(server: server, user: user) else {
                throw .notSignedIn(server: server, user: user, reason: "no session is kept on this machine")
            }
            return session
        }
        let all = try sessions(server: server)
        guard let only = all.first else {
            throw .notSignedIn(server: server, user: nil, reason: "no session is kept on this machine")
        }
        guard all.count == 1 else {
            throw .notSignedIn(
                server: server, user: nil,
                reason: "sessions of \(all.map(\.user).joined(separator: ", ")) are kept; say which with --user")
        }
        return only
    }

    /// Saves `session` (mode 0600), replacing the one of the same server and user.
    package func save(_ session: ServerSession) throws(ServerClientError) {
        try SystemFile<ServerClientError>.makeDirectories(directory.path, mode: 0o700)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data: Data
        do {
            data = try encoder.encode(session)
        } catch {
            preconditionFailure("a session always encodes: \(error)")
        }
        data.append(UInt8(ascii: "\n"))
        try SystemFile<ServerClientError>.replaceAtomically(
            try file(server: session.server, user: session.user).path, with: data, directory: directory.path,
            mode: 0o600)
    }

    /// Forgets the session of `user` on `server`; returns whether there was one.
    @discardableResult
    public func remove(server: String, user: String) throws(ServerClientError) -> Bool {
        let removed = try SystemFile<ServerClientError>.removeIfPresent(try file(server: server, user: user).path)
        if removed { try SystemFile<ServerClientError>.syncDirectory(directory.path) }
        return removed
    }

    /// The file of `user`'s session on `server`: `USER@SERVER.json`, the server's origin with
    /// every byte but letters, digits and `.` turned into `_`.
    ///
    /// - Throws: ``ServerClientError/invalidUser(_:reason:)`` for a name no account can have.
    package func file(server: String, user: String) throws(ServerClientError) -> URL {
        try Self.validate(user: user)
        return directory.appendingPathComponent("\(user)@\(Self.fileName(server)).json")
    }

    /// Checks that `user` can be an account's name: 1 to 64 ASCII letters, digits, `-` and `_`,
    /// the rule the server applies (names appear in log paths like `users/NAME/actions`).
    package static func validate(user: String) throws(ServerClientError) {
        guard AccountName.isValid(user) else {
            throw .invalidUser(
                user, reason: "a user name is 1 to \(AccountName.maximumLength) ASCII letters, digits, '-' or '_'")
        }
    }

    private static func fileName(_ server: String) -> String {
        String(
            server.unicodeScalars.map { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == ".")
                    ? Character(scalar) : "_"
            })
    }
}
