import Foundation
import RxChainServer
import Testing

/// A fresh directory under the system temp directory, removed when released.
final class ScratchDirectory: Sendable {
    let url: URL

    init(_ name: String) {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxchain-server-tests-\(name)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The journal directory inside it (not created: the book creates it).
    var journal: URL { url.appendingPathComponent("logs") }

    /// The journal's segment files, in order.
    func segments() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: journal.path)
            .filter { $0.hasPrefix("journal-") }.sorted().map { journal.appendingPathComponent($0) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A clock that stands still, so `ts` comes from the book's own counter.
let frozenClock: @Sendable () -> UInt64 = { 1_000 }

/// Every durable entry of `names`, log by log.
func contents(of book: LogBook, _ names: [LogName]) -> [[LogEntry]] {
    names.map { book.read($0, limit: .max).entries }
}

/// The built `rxchain-bench` beside the test bundle (`swift test` builds every product).
func benchExecutable() throws -> URL {
    let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        .compactMap { $0?.deletingLastPathComponent() }
        .flatMap { [$0, $0.deletingLastPathComponent()] }
        .map { $0.appendingPathComponent("rxchain-bench") }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        Issue.record("rxchain-bench not found next to the tests (looked at \(candidates.map(\.path))); build first")
        throw CancellationError()
    }
    return found
}

/// The outcome of a child process: its stdout lines, stderr text and exit status.
struct ChildResult: Sendable {
    var lines: [String]
    var stderr: String
    var status: Int32
}

/// Runs `executable` with `arguments` on a thread of its own (never the concurrency pool),
/// reading stdout line by line; sends SIGKILL once `killAfterLines` lines were read (never when
/// nil). Stderr is read after stdout closes: the children used here write little to it.
func runChild(_ executable: URL, _ arguments: [String], killAfterLines: Int? = nil) async throws -> ChildResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let box = ProcessBox(process: process)
    return await withCheckedContinuation { continuation in
        Thread {
            var lines: [String] = []
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            let descriptor = out.fileHandleForReading.fileDescriptor
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                for byte in chunk[0..<count] {
                    guard byte == UInt8(ascii: "\n") else {
                        pending.append(byte)
                        continue
                    }
                    lines.append(String(decoding: pending, as: UTF8.self))
                    pending.removeAll()
                    if lines.count == killAfterLines { kill(box.process.processIdentifier, SIGKILL) }
                }
            }
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            box.process.waitUntilExit()
            continuation.resume(
                returning: ChildResult(lines: lines, stderr: stderr, status: box.process.terminationStatus))
        }.start()
    }
}

/// Carries a `Process` to the thread that waits for it.
private final class ProcessBox: @unchecked Sendable {
    // Safe because: the process is handed over once, after `run()`, and used by that one thread only.
    let process: Process
    init(process: Process) { self.process = process }
}
