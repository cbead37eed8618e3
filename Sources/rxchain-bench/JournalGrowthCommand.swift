import Foundation
import RxChainServer
import RxChainServerStorage

/// `rxchain-bench server-journal-growth --dir DIR --entries N [--cache-kb K] [--segment-kb S]`:
/// the growth test's helper. Appends N small entries to a fresh journal in DIR, in batches of 200
/// over 100 logs, with a read cache of K KiB and segments of S KiB, then closes the journal,
/// opens it again (from its index checkpoints and its tail) and reads every log from the start.
/// Prints, one line each and flushed:
///
/// ```
/// appended <entries> rss <bytes> cached <bytes> seconds <s>   after each tenth of the appends
///                                                              (s: that tenth's appends)
/// reopened rss <bytes> seconds <s> cpu <s>                     once the journal is open again
/// read <entries> rss <bytes> cached <bytes> seconds <s> cpu <s>  after reading every log (cold)
/// ```
///
/// Exits 0, or 1 with the error on stderr (any refusal, a read that does not return each log's
/// entries in order).
enum JournalGrowthCommand {
    static let usage = "server-journal-growth --dir DIR --entries N [--cache-kb K] [--segment-kb S]"
    static let logs = 100
    static let batch = 200

    static func run(arguments: [String]) async -> Int32 {
        var options: [String: String] = [:]
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard ["--dir", "--entries", "--cache-kb", "--segment-kb"].contains(flag), let value = rest.popFirst()
            else { return usageError("unexpected argument '\(flag)'") }
            options[flag] = value
        }
        guard let directory = options["--dir"], let entries = options["--entries"].flatMap(Int.init), entries > 0,
            let cacheKB = Int(options["--cache-kb"] ?? "1024"), cacheKB > 0,
            let segmentKB = Int(options["--segment-kb"] ?? "1024"), segmentKB > 0
        else { return usageError("--dir and --entries N > 0 are required; --cache-kb and --segment-kb take N > 0") }
        do {
            try await grow(
                directory: URL(fileURLWithPath: directory), entries: entries, cacheBytes: cacheKB << 10,
                segmentSize: segmentKB << 10)
            return 0
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench server-journal-growth: \(error)\n".utf8))
            return 1
        }
    }

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    static func grow(directory: URL, entries: Int, cacheBytes: Int, segmentSize: Int) async throws {
        let names = try (0..<logs).map { try LogName(validating: "lists/l\($0)/actions") }
        var book = try await LogBook.open(directory: directory, segmentSize: segmentSize, cacheBytes: cacheBytes)
        var appended = 0
        var nextReport = entries / 10
        var counts = [Int](repeating: 0, count: logs)
        var tenth = ContinuousClock.now
        while appended < entries {
            let log = (appended / batch) % logs
            let size = min(batch, entries - appended)
            let batch = (0..<size).map { offset in
                let n = appended + offset
                return NewLogEntry(
                    id: "e\(n)", body: Array(#"{"type":"todo/put","payload":{"id":"t\#(n)","title":"buy milk"}}"#.utf8))
            }
            _ = try await book.append(to: names[log], batch, creator: "bench")
            counts[log] += size
            appended += size
            if appended >= nextReport {
                let now = ContinuousClock.now
                say(
                    "appended \(appended) rss \(ResidentMemory.bytes() ?? 0) cached \(cachedBytes(book)) seconds "
                        + "\(seconds(now - tenth))")
                tenth = now
                nextReport += max(1, entries / 10)
            }
        }
        await book.close()
        let reopening = ContinuousClock.now
        var cpu = cpuSeconds()
        book = try await LogBook.open(directory: directory, segmentSize: segmentSize, cacheBytes: cacheBytes)
        say(
            "reopened rss \(ResidentMemory.bytes() ?? 0) seconds \(seconds(ContinuousClock.now - reopening)) cpu "
                + String(format: "%.3f", cpuSeconds() - cpu))
        let reading = ContinuousClock.now
        cpu = cpuSeconds()
        var read = 0
        for (index, log) in names.enumerated() {
            var cursor: UInt64 = 0
            while true {
                let page = try await book.fetch(log, after: cursor, limit: 1_000)
                for entry in page.entries {
                    guard entry.seq == cursor + 1 else {
                        throw Mismatch(description: "\(log): seq \(entry.seq) after \(cursor)")
                    }
                    cursor = entry.seq
                }
                read += page.entries.count
                if !page.hasMore { break }
            }
            guard cursor == counts[index] else {
                throw Mismatch(description: "\(log): read \(cursor) entries, appended \(counts[index])")
            }
        }
        say(
            "read \(read) rss \(ResidentMemory.bytes() ?? 0) cached \(cachedBytes(book)) seconds "
                + "\(seconds(ContinuousClock.now - reading)) cpu " + String(format: "%.3f", cpuSeconds() - cpu))
        await book.close()
    }

    private static func cachedBytes(_ book: LogBook) -> Int {
        (book.storage as? JournalStorage)?.cachedBytes ?? 0
    }

    /// This process's CPU time so far (user + system), in seconds.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f", Stopwatch.nanoseconds(duration) / 1e9)
    }

    private static func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("rxchain-bench: \(message)\nusage: rxchain-bench \(usage)\n".utf8))
        return 2
    }
}
