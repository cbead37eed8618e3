import Foundation
import Synchronization

/// The `rxchain-server` the server benchmark measures, run as a child process on a data
/// directory and a free port (`--port 0`).
///
/// Its request log (standard error) goes to a file beside the data directory, never to a pipe
/// that could fill. Waiting for it (its first line, its exit) happens on dedicated threads,
/// never on the concurrency pool.
final class BenchServerProcess: Sendable {
    /// The server's origin, `http://127.0.0.1:PORT`.
    let url: String
    private let process: Mutex<Process>
    private let exited: DispatchSemaphore

    private init(url: String, process: Process, exited: DispatchSemaphore) {
        self.url = url
        self.process = Mutex(process)
        self.exited = exited
    }

    /// Starts `binary` on `data`, returning once it printed the address it listens on.
    static func start(binary: String, data: String, logFile: String) async throws -> BenchServerProcess {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try startBlocking(binary: binary, data: data, logFile: logFile) })
            }
        }
    }

    private static func startBlocking(binary: String, data: String, logFile: String) throws -> BenchServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--data", data, "--host", "127.0.0.1", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
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
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            throw ChildProcess.Failure(description: "rxchain-server did not start: \(text)\n\(log)")
        }
        // Keep draining stdout, so the server never blocks on a full pipe.
        Thread.detachNewThread { _ = try? reader.readToEnd() }
        return BenchServerProcess(url: String(text[range]), process: process, exited: exited)
    }

    /// Stops the server gracefully (`SIGTERM`: in-flight requests finish, logs are synced) and
    /// waits for it to exit; returns its exit status.
    @discardableResult
    func stop() async -> Int32 {
        process.withLock { _ = kill($0.processIdentifier, SIGTERM) }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                exited.wait()
                exited.signal()
                continuation.resume(returning: process.withLock { $0.terminationStatus })
            }
        }
    }
}
