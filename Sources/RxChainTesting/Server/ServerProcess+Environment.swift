import Foundation

/// The server the suites start (the engine's and the CLI's): the binary `.ci/server run` built (the root package cannot
/// link Hummingbird, so the server is built as its own package), on the test's data directory.
extension ServerProcess {
    /// The binary from `RXCHAIN_SERVER_BINARY`, or `nil` outside `.ci/server run`.
    public static var binary: URL? {
        ProcessInfo.processInfo.environment["RXCHAIN_SERVER_BINARY"].map { URL(fileURLWithPath: $0) }
    }

    /// Whether server tests can run (see ``binary``).
    public static var isConfigured: Bool { binary != nil }

    /// Starts a server on `data` (created if missing), its log in `DATA-server.log` beside it.
    public static func start(data: URL, arguments: [String] = []) async throws -> ServerProcess {
        guard let binary else {
            throw Failure(description: "RXCHAIN_SERVER_BINARY is not set: run under .ci/server run")
        }
        let logFile = data.deletingLastPathComponent().appendingPathComponent(data.lastPathComponent + "-server.log")
        // A low stretch keeps sign-ins fast in a debug build; the stretch is tested in PBKDF2Tests.
        return try await start(
            binary: binary, data: data, logFile: logFile, arguments: ["--password-iterations", "1000"] + arguments)
    }

    /// Runs `body` with a fresh directory named `PREFIX-UUID` and a server on its `data`
    /// (``start(data:arguments:)``); stops the server and removes the directory when `body` ends,
    /// however it ends.
    package static func withScratchServer<T>(
        directoryPrefix: String, arguments: [String] = [],
        _ body: (_ root: URL, _ server: ServerProcess) async throws -> T
    ) async throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(directoryPrefix)-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await start(data: root.appendingPathComponent("data"), arguments: arguments)
        do {
            let result = try await body(root, server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
