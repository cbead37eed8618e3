import Foundation
import Testing

@testable import RxChain

/// A fresh directory under the system temp directory, removed when released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init(_ name: String = "queue") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxchain-tests-\(name)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func queue(_ name: String = "q") -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

enum QueueFixtures {
    /// The bytes of `entries` as log lines.
    static func lines(_ entries: [QueueLogEntry]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries { entry.encode(into: &bytes) }
        return bytes
    }

    static func record(_ seq: UInt64, tag: String = "t", payload: String = #"{"n":1}"#) -> QueueRecord {
        QueueRecord(seq: seq, key: "dev:\(seq)", tag: tag, payload: Data(payload.utf8))
    }

    static func header(_ nextSeq: UInt64 = 1) -> QueueLogEntry {
        .header(version: QueueLogEntry.version, nextSeq: nextSeq)
    }

    static func write(_ bytes: [UInt8], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent("queue.jsonl"))
    }

    static func logBytes(_ directory: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent("queue.jsonl")))
    }
}

/// Runs blocking work (child processes, pipe reads) on its own thread, not the concurrency pool.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// The built `rxchain-bench` beside the test bundle (`swift test` builds every product).
func benchExecutable() throws -> URL {
    let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        .compactMap { $0?.deletingLastPathComponent() }
        .flatMap { [$0, $0.deletingLastPathComponent()] }
        .map { $0.appendingPathComponent("rxchain-bench") }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        Issue.record(
            "rxchain-bench not found next to the tests (looked at \(candidates.map(\.path))); run `swift build` first"
        )
        throw CancellationError()
    }
    return found
}

/// The outcome of a child process: its stdout lines, stderr text and how it ended.
struct ChildResult: Sendable {
    var lines: [String]
    var stderr: String
    var status: Int32
    var killed: Bool
}

/// Runs `executable` with `arguments`, reading stdout line by line; sends SIGKILL once
/// `killAfterLines` lines were read (0: right after it started; nil: never).
func runChild(_ executable: URL, _ arguments: [String], killAfterLines: Int? = nil) async throws
    -> ChildResult
{
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let box = ProcessBox(process: process)
    return await onOwnThread {
        let process = box.process
        var lines: [String] = []
        var pending: [UInt8] = []
        var killed = false
        if killAfterLines == 0 {
            kill(process.processIdentifier, SIGKILL)
            killed = true
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let fd = out.fileHandleForReading.fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in chunk[0..<count] {
                if byte == UInt8(ascii: "\n") {
                    lines.append(String(decoding: pending, as: UTF8.self))
                    pending.removeAll()
                    if !killed, let limit = killAfterLines, lines.count >= limit {
                        kill(process.processIdentifier, SIGKILL)
                        killed = true
                    }
                } else {
                    pending.append(byte)
                }
            }
        }
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return ChildResult(lines: lines, stderr: stderr, status: process.terminationStatus, killed: killed)
    }
}

/// Carries a `Process` to the thread that waits for it (only that thread touches it afterwards).
final class ProcessBox: @unchecked Sendable {
    // Safe because: the process is handed over once, after `run()`, and used by one thread only.
    let process: Process
    init(process: Process) { self.process = process }
}

/// The sequence numbers in lines `persisted <seq>`.
func persistedSeqs(_ lines: [String]) -> [UInt64] {
    lines.compactMap { line in line.hasPrefix("persisted ") ? UInt64(line.dropFirst(10)) : nil }
}
