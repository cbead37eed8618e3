import Foundation
import RxChainTesting
import Testing

/// What the suites that run `rxchain` against a real `rxchain-server` share: a scratch
/// directory, a server of their own on it, and runs of `rxchain` with their own `RXCHAIN_HOME`
/// (so each test's sessions are its own).
protocol ServerSuite {
    var directoryPrefix: String { get }
}

extension ServerSuite {
    /// A fresh directory and a server on `DIR/data`, both gone when `body` ends.
    ///
    /// Passwords are stretched with 1,000 iterations (not the default 600,000), as
    /// `ServerProcess.start(data:arguments:)` starts every test server: the suites sign in often,
    /// on a machine running many tests at once, and test nothing about the cost.
    func withServer<T>(
        arguments: [String] = [], _ body: (_ root: URL, _ server: ServerProcess) async throws -> T
    ) async throws -> T {
        try await ServerProcess.withScratchServer(directoryPrefix: directoryPrefix, arguments: arguments, body)
    }

    /// `rxchain words…` with `RXCHAIN_HOME=home`, `stdin` as its input.
    func rxchain(_ words: [String], home: URL, stdin: String? = nil, environment: [String: String?] = [:])
        async throws -> CLIResult
    {
        var environment = environment
        environment["RXCHAIN_HOME"] = home.path
        environment["NO_COLOR"] = "1"
        if environment["RXCHAIN_PASSWORD"] == nil { environment["RXCHAIN_PASSWORD"] = .some(nil) }
        return try await CLIRunner().run(words, stdin: stdin, environment: environment)
    }

    /// Signs `user` up (if `signUp`) and in as `device` on `server`, with its sessions in `home`.
    func signIn(
        _ user: String, password: String = "correct horse", device: String, server: String, home: URL,
        signUp: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        if signUp {
            let created = try await rxchain(
                ["account", "signup", "--server", server, "--user", user, "--password-stdin"], home: home,
                stdin: password + "\n")
            #expect(created.exitCode == 0, "\(created)", sourceLocation: sourceLocation)
        }
        let login = try await rxchain(
            ["account", "login", "--server", server, "--user", user, "--device", device, "--password-stdin"],
            home: home, stdin: password + "\n")
        #expect(login.exitCode == 0, "\(login)", sourceLocation: sourceLocation)
    }
}
