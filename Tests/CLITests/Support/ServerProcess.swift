import Foundation
import RxChainTesting
import Synchronization

/// An `rxchain-server` (the example server, Examples/Server) run as a child process for one test.
///
/// The binary comes from `RXCHAIN_SERVER_BINARY`, which `.ci/server run` sets (the root package
/// cannot link Hummingbird, so the server is built as its own package). Each server gets the
/// test's data directory and a free port (`--port 0`); ``url`` is read from the line the server
/// prints once it listens. Standard error (the request log) goes to `server.log` beside the data
/// directory.
///
/// > Important: Waiting for the child (its first line, its exit) happens on dedicated threads,
/// > never on the concurrency pool.
final class ServerProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The binary `.ci/server run` built, or `nil` outside it.
    static var binary: URL? {
        ProcessInfo.processInfo.environment["RXCHAIN_SERVER_BINARY"].map { URL(fileURLWithPath: $0) }
    }

    /// Whether server tests can run (see ``binary``).
    static var isConfigured: Bool { binary != nil }

    /// The server's origin, `http://127.0.0.1:PORT`.
    let url: String
    /// The data directory it serves.
    let data: URL
    /// Its request log.
    let logFile: URL
    private let process: Mutex<Process>
    private let exited: DispatchSemaphore

    private init(url: String, data: URL, logFile: URL, process: Process, exited: DispatchSemaphore) {
        self.url = url
        self.data = data
        self.logFile = logFile
        self.process = Mutex(process)
        self.exited = exited
    }

    /// Starts a server on `data` (created if missing) with extra `arguments` (`--no-signup`).
    static func start(data: URL, arguments: [String] = []) async throws -> ServerProcess {
        guard let binary else {
            throw Failure(description: "RXCHAIN_SERVER_BINARY is not set: run under .ci/server run")
        }
        let logFile = data.deletingLastPathComponent().appendingPathComponent(data.lastPathComponent + "-server.log")
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try startBlocking(binary: binary, data: data, logFile: logFile, arguments: arguments)
                    })
            }
        }
    }

    private static func startBlocking(binary: URL, data: URL, logFile: URL, arguments: [String]) throws -> ServerProcess
    {
        let process = Process()
        process.executableURL = binary
        // A low stretch keeps sign-ins fast in a debug build; the stretch is tested in PBKDF2Tests.
        process.arguments = ["--data", data.path, "--port", "0", "--password-iterations", "1000"] + arguments
        let output = Pipe()
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logFile)
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var line = Data()
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
            process.terminate()
            exited.wait()
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            throw Failure(description: "the server did not start: \(text)\n\(log)")
        }
        // Keep draining stdout, so the server never blocks on a full pipe.
        Thread.detachNewThread { _ = try? reader.readToEnd() }
        return ServerProcess(url: String(text[range]), data: data, logFile: logFile, process: process, exited: exited)
    }

    /// Sends `signal` to the server (`SIGKILL` for a crash, `SIGTERM` for a graceful stop).
    func send(_ signal: Int32) {
        process.withLock { _ = kill($0.processIdentifier, signal) }
    }

    /// Waits until the server exited; returns its exit status (or the signal that ended it).
    func waitUntilExit() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                exited.wait()
                exited.signal()
                continuation.resume(returning: process.withLock { $0.terminationStatus })
            }
        }
    }

    /// Stops the server gracefully (SIGTERM) and waits for it.
    @discardableResult
    func stop() async -> Int32 {
        send(SIGTERM)
        return await waitUntilExit()
    }

    /// The request log so far.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
}
