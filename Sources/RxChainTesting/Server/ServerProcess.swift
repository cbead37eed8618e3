import Foundation
import Synchronization

/// An `rxchain-server` (the example server, `Examples/Server`) run as a child process on a data
/// directory and a free port (`--port 0`), for tests and benchmarks that talk to it over HTTP.
///
/// ``url`` is read from the line the server prints once it listens. Its request log (standard
/// error) goes to a file, never to a pipe that could fill; standard output is drained after the
/// first line.
///
/// > Important: Waiting for the child (its first line, its exit) happens on dedicated threads,
/// > never on the concurrency pool.
public final class ServerProcess: Sendable {
    /// Why the server did not start.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        /// A failure saying `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The server's origin, `http://127.0.0.1:PORT`.
    public let url: String
    /// Its request log.
    public let logFile: URL
    private let process: Mutex<Process>
    private let exited: DispatchSemaphore

    private init(url: String, logFile: URL, process: Process, exited: DispatchSemaphore) {
        self.url = url
        self.logFile = logFile
        self.process = Mutex(process)
        self.exited = exited
    }

    /// Starts `binary --data DATA --host 127.0.0.1 --port 0 ARGUMENTS…`, returning once it
    /// printed the address it listens on.
    ///
    /// - Throws: ``Failure`` with the server's first line and log when it printed no address.
    public static func start(binary: URL, data: URL, logFile: URL, arguments: [String] = []) async throws
        -> ServerProcess
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try startBlocking(binary: binary, data: data, logFile: logFile, arguments: arguments)
                    })
            }
        }
    }

    private static func startBlocking(binary: URL, data: URL, logFile: URL, arguments: [String]) throws
        -> ServerProcess
    {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--data", data.path, "--host", "127.0.0.1", "--port", "0"] + arguments
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
            throw Failure(description: "rxchain-server did not start: \(text)\n\(log)")
        }
        // Keep draining stdout, so the server never blocks on a full pipe.
        Thread.detachNewThread { _ = try? reader.readToEnd() }
        return ServerProcess(url: String(text[range]), logFile: logFile, process: process, exited: exited)
    }

    /// Sends `signal` to the server (`SIGKILL` for a crash, `SIGTERM` for a graceful stop).
    public func send(_ signal: Int32) {
        process.withLock { _ = kill($0.processIdentifier, signal) }
    }

    /// Waits until the server exited; returns its exit status (or the signal that ended it).
    public func waitUntilExit() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                exited.wait()
                exited.signal()
                continuation.resume(returning: process.withLock { $0.terminationStatus })
            }
        }
    }

    /// Stops the server gracefully (`SIGTERM`: in-flight requests finish, the journal is synced)
    /// and waits for it; returns its exit status.
    @discardableResult
    public func stop() async -> Int32 {
        send(SIGTERM)
        return await waitUntilExit()
    }

    /// The request log so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
}
