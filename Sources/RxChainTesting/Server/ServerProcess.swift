import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    private let child: Child

    /// Its process id (for `/proc/PID/status`); another process's once it was reaped.
    public var pid: pid_t { child.pid }

    private init(url: String, logFile: URL, child: Child) {
        self.url = url
        self.logFile = logFile
        self.child = child
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
        let input = try PosixSpawn.openFile("/dev/null", O_RDONLY)
        defer { close(input) }
        let log = try PosixSpawn.openFile(logFile.path, O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(log) }
        let output = try PosixSpawn.makePipe()
        let pid: pid_t
        do {
            pid = try PosixSpawn.spawn(
                binary.path, arguments: ["--data", data.path, "--host", "127.0.0.1", "--port", "0"] + arguments,
                stdin: input, stdout: output.write, stderr: log)
        } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        close(output.write)
        let child = Child(pid: pid)
        let line = readFirstLine(output.read)
        // Keep draining stdout, so the server never blocks on a full pipe.
        Thread.detachNewThread { _ = PosixSpawn.readAll(output.read) }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
            child.send(SIGTERM)
            _ = child.waitForExit()
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            throw Failure(description: "rxchain-server did not start: \(text)\n\(log)")
        }
        return ServerProcess(url: String(text[range]), logFile: logFile, child: child)
    }

    /// Reads `descriptor` up to its first line feed (or its end).
    private static func readFirstLine(_ descriptor: Int32) -> [UInt8] {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !line.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            line += buffer[..<count]
        }
        return line
    }

    /// Sends `signal` to the server (`SIGKILL` for a crash, `SIGTERM` for a graceful stop).
    public func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Waits until the server exited; returns its exit status (or the signal that ended it).
    public func waitUntilExit() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [child] in
                continuation.resume(returning: child.waitForExit().code)
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

    /// The server's process: reaped by a thread of its own as soon as it ends, so that any number
    /// of waiters learn how it ended; a signal is sent only while it has not been reaped (its
    /// process id may be another process's afterwards).
    private final class Child: Sendable {
        let pid: pid_t
        private let ending = Mutex<PosixSpawn.Ending?>(nil)
        private let ended = DispatchSemaphore(value: 0)

        init(pid: pid_t) {
            self.pid = pid
            Thread.detachNewThread { [self] in
                let outcome = PosixSpawn.waitForExit(pid)
                ending.withLock { $0 = outcome }
                ended.signal()
            }
        }

        /// Sends `signal` unless the process ended.
        func send(_ signal: Int32) {
            ending.withLock { ending in
                if ending == nil { _ = kill(pid, signal) }
            }
        }

        /// Blocks until the process ended; returns how.
        ///
        /// > Important: Blocks: call it from a dedicated thread.
        func waitForExit() -> PosixSpawn.Ending {
            ended.wait()
            ended.signal()
            return ending.withLock { $0! }
        }
    }
}
