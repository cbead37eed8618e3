import Foundation
import Testing

@testable import RxChainCore

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

/// The sequence numbers in lines `persisted <seq>`.
func persistedSeqs(_ lines: [String]) -> [UInt64] {
    lines.compactMap { line in line.hasPrefix("persisted ") ? UInt64(line.dropFirst(10)) : nil }
}
