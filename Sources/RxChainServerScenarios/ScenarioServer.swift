import Foundation
import RxChainJSON
import RxChainRemotes
import RxChainScenarios
import RxChainServer
import RxChainServerStorage
import RxChainSystem

/// The RxChain server of a scenario whose domain syncs through one: the real request handling
/// (``RxChainServer/LogServer``, with the domain's access rules and services) over its files in
/// the run's directory, reached in process by the devices' ``ScenarioServerConnection``s, on the virtual clock.
///
/// - Every `ts` it stamps and every token it issues follow the scenario's clock (`advance 1h`
///   lets access tokens expire, so devices refresh their sessions as they would).
/// - The devices' connections play the script's faults (``ScenarioFaultScript``) on their next
///   requests (session refreshes aside): a `GET` is a read, anything else a write. `fail` and
///   `fail read` never reach the server; `lost response` reaches it and loses the answer (of the
///   first request the server does not turn away with a `401`: an expired access token is
///   refreshed first, as it would be); `status N` answers N in its place.
/// - ``restart()`` closes it and opens it again from its files, as after a process restart.
///
/// > Important: Thread-safe: its state sits behind a `Lock`, never held across an `await`.
final class ScenarioServer: Sendable {
    /// The origin devices are told they sync with (never resolved: requests stay in process).
    static let origin = "http://scenario.server"
    /// The password every scenario account is made with.
    static let password = "scenario-password"

    private struct Running {
        var server: LogServer?
        var book: LogBook?
        var faults = ScenarioFaultScript()
    }

    let directory: URL
    private let open: @Sendable (URL) async throws -> (LogServer, LogBook)
    private let running = Lock(Running())

    private init(directory: URL, open: @escaping @Sendable (URL) async throws -> (LogServer, LogBook)) {
        self.directory = directory
        self.open = open
    }

    /// Opens the server of `domain` in `directory`, on `clock`.
    static func start<Domain: ServerScenarioDomain>(domain: Domain, directory: URL, clock: ScenarioClock)
        async throws -> ScenarioServer
    {
        let server = ScenarioServer(directory: directory) { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let key = try ServerKey.loadOrCreate(inDirectory: directory.path)
            let book = try await LogBook.open(
                directory: directory.appendingPathComponent("logs", isDirectory: true),
                clock: { UInt64(clock.seconds) * 1_000_000 })
            let seconds: @Sendable () -> UInt64 = { UInt64(clock.seconds) }
            do {
                // Stretching passwords protects nothing here: the server lives as long as the run.
                let accounts = Accounts(book: book, key: key, passwordIterations: 1, clock: seconds)
                let services = try await domain.serverServices(book: book, clock: seconds)
                let access = AccessControl(book: book, policy: domain.serverPolicy, accounts: accounts)
                let server = LogServer(book: book, accounts: accounts, access: access, services: services)
                return (server, book)
            } catch {
                await book.close()
                throw error
            }
        }
        try await server.restart()
        return server
    }

    /// Closes the server (if open) and opens it again from its files.
    func restart() async throws {
        await close()
        let (server, book) = try await open(directory)
        running.withLock { running in
            running.server = server
            running.book = book
        }
    }

    /// Closes the server: acknowledged appends are on disk; requests fail as unreachable until a restart.
    func close() async {
        let server = running.withLock { running in
            defer {
                running.server = nil
                running.book = nil
            }
            return running.server
        }
        await server?.close()
    }

    /// Entries in the log `name` (0 for a log that holds none).
    func entries(in name: String) throws -> UInt64 {
        let log = try LogName(validating: name)
        guard let book = running.withLock({ $0.book }) else { return 0 }
        return book.revision(of: log)
    }

    // MARK: Faults

    /// Adds faults to the end of the script.
    func inject(_ fault: ScenarioFault, times: Int) {
        running.withLock { $0.faults.inject(fault, times: times) }
    }

    /// Arms `fault` for the next write, ahead of the script (`crash … during sync`).
    func arm(_ fault: ScenarioFault) {
        running.withLock { $0.faults.arm(fault) }
    }

    /// Disarms the armed fault; `true` when it was played.
    func disarm() -> Bool {
        running.withLock { $0.faults.disarm() }
    }

    /// The faults played since the last call, in order.
    func takePlayedFaults() -> [ScenarioFault] {
        running.withLock { $0.faults.takePlayed() }
    }

    /// The faults injected and not played yet.
    var pendingFaults: [ScenarioFault] { running.withLock { $0.faults.pending } }

    // MARK: Requests

    /// A connection to this server; with `playingFaults` false, the script's faults pass it by
    /// (the runner's own requests: sign-ins, the fresh devices of `expect … == server`).
    func connection(playingFaults: Bool) -> ScenarioServerConnection {
        ScenarioServerConnection(server: self, playsFaults: playingFaults)
    }

    /// The next fault of the script that applies to a request (a read or a write), if any.
    func takeFault(for operation: ScenarioFaultScript.Operation) -> ScenarioFault? {
        running.withLock { $0.faults.take(for: operation) }
    }

    /// Puts `fault` back at the front of the script (its request was not the one it was for).
    func putBack(_ fault: ScenarioFault) {
        running.withLock { $0.faults.putBack(fault) }
    }

    /// Hands `request` to the server as an embedding HTTP server would.
    func respond(to request: ServerConnectionRequest) async throws -> ServerAnswer {
        guard let server = running.withLock({ $0.server }) else {
            throw ServerClientError.unreachable(server: Self.origin, reason: "the server is restarting")
        }
        var headers: [String: String] = [:]
        for (name, value) in request.headers where name.lowercased() != "authorization" { headers[name] = value }
        let answer = await server.respond(
            to: ServerRequest(
                method: request.method, path: request.path,
                query: Dictionary(request.query, uniquingKeysWith: { $1 }),
                authorization: request.header("Authorization"),
                body: request.body ?? [], headers: headers))
        return ServerAnswer(
            status: answer.status, body: answer.body, server: Self.origin,
            retryAfter: answer.headers.first { $0.key.lowercased() == "retry-after" }.flatMap {
                RetryAfter.delay(from: $0.value)
            })
    }
}
