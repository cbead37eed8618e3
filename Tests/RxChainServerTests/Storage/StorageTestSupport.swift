import Foundation
import RxChainServer
import RxChainServerStorage
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
