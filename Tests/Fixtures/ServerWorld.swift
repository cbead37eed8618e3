import Foundation
import RxChainRemotes
import RxChainTesting
import Testing

/// What the engine's suites that run against a real `rxchain-server` share: a scratch directory,
/// a server of their own on it, and users signed in through the engine's own client (no
/// terminal front end), their sessions kept in a directory of their own.
package protocol ServerWorld {
    /// The start of the scratch directory's name.
    var directoryPrefix: String { get }
}

extension ServerWorld {
    /// A fresh directory and a server on `DIR/data`, both gone when `body` ends.
    ///
    /// The server stretches passwords with 1,000 iterations (``RxChainTesting/ServerProcess/start(data:arguments:)``).
    package func withServer<T>(
        arguments: [String] = [], _ body: (_ root: URL, _ server: ServerProcess) async throws -> T
    ) async throws -> T {
        try await ServerProcess.withScratchServer(directoryPrefix: directoryPrefix, arguments: arguments, body)
    }

    /// Signs `user` up (if `signUp`) and in as `device` on `server`, and keeps the session in the
    /// session store at `home` (as `rxchain account login` would).
    package func signIn(
        _ user: String, password: String = "correct horse", device: String, server: String, home: URL,
        signUp: Bool = true
    ) async throws {
        let client = try ServerClient(server: server)
        if signUp { try await client.signUp(user: user, password: password) }
        let session = try await client.signIn(user: user, password: password, device: device)
        try ServerSessionStore(home: home).save(session)
    }
}
