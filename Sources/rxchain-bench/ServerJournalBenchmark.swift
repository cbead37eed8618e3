import Foundation
import RxChainServer
import RxChainServerStorage

/// `rxchain-bench server-journal-append`: durable appends per second to a ``LogBook`` journal
/// from 50 concurrent tasks in one process (group commit), against one `write`+`fsync` per
/// append of the same line (what an append would cost without group commit).
///
/// With `--dir DIR --count N [--tasks T]` it is the fault tests' helper instead: T tasks append
/// N entries in all to the book in DIR (with `--segment-kb S`, segments of S KiB), printing `acknowledged <id> <seq> <ts>` for each answered
/// append. On the first refusal it prints `append failed: <error>` to stderr; once every task
/// stopped it tries one more append, prints `after failure: <error>` (or `after failure:
/// accepted`), closes the book and exits 1. Without a failure it exits 0.
enum ServerJournalBenchmark {
    static let usage =
        "server-journal-append [--json] | server-journal-append --dir DIR --count N [--tasks T] [--segment-kb S]"

    static let tasks = 50
    static let appendsPerRun = 5_000
    static let log = try! LogName(validating: "lists/bench/actions")
    static let body = Array(#"{"type":"todo/put","payload":{"title":"buy milk","done":false}}"#.utf8)

    static func run(arguments: [String], report: Report) async -> Int32 {
        var options: [String: String] = [:]
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard ["--dir", "--count", "--tasks", "--segment-kb"].contains(flag), let value = rest.popFirst() else {
                return usageError("unexpected argument '\(flag)'")
            }
            options[flag] = value
        }
        guard let directory = options["--dir"] else {
            if !options.isEmpty { return usageError("--count and --tasks need --dir") }
            await table(report: report)
            return 0
        }
        guard let count = options["--count"].flatMap(Int.init), count >= 0,
            let tasks = Int(options["--tasks"] ?? "1"), tasks > 0,
            let segmentKB = options["--segment-kb"].map(Int.init) ?? JournalStorage.defaultSegmentSize >> 10,
            segmentKB > 0
        else { return usageError("--count needs a number >= 0, --tasks and --segment-kb a positive number") }
        return await appendUntilFailure(
            directory: URL(fileURLWithPath: directory), count: count, tasks: tasks, segmentSize: segmentKB << 10)
    }

    /// The figure: median nanoseconds per durable append over 7 runs of 5,000 appends from 50 tasks.
    static func table(report: Report) async {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-bench-journal-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        report.header("server")
        let book: LogBook
        do {
            book = try await LogBook.open(directory: root.appendingPathComponent("logs"))
        } catch {
            print("cannot open a journal in \(root.path): \(error)")
            return
        }
        var run = 0
        let median = await Stopwatch.medianNanoseconds(operations: appendsPerRun) {
            run += 1
            return await appendConcurrently(to: book, prefix: "r\(run)-", count: appendsPerRun, tasks: tasks)
        }
        await book.close()
        let floor = writeFsyncFloor(path: root.appendingPathComponent("floor").path, lines: 200)
        report.emit(
            Figure(
                name: "server-journal-append", unit: "append", medianNanoseconds: median,
                baseline: "write+fsync-per-line", baselineMedianNanoseconds: floor,
                extra: [("appends_per_s", 1e9 / median), ("tasks", Double(tasks))]))
    }

    /// Appends `count` entries from `tasks` tasks; returns how many were refused.
    private static func appendConcurrently(to book: LogBook, prefix: String, count: Int, tasks: Int) async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var refused = 0
                    for index in stride(from: task, to: count, by: tasks) {
                        do {
                            try await book.append(to: log, id: "\(prefix)\(index)", body: body, creator: "bench")
                        } catch {
                            refused += 1
                        }
                    }
                    return refused
                }
            }
            return await group.reduce(0, +)
        }
    }

    /// Nanoseconds per line to `write` and `fsync` one journal-sized line at a time (median of 7 runs).
    private static func writeFsyncFloor(path: String, lines: Int) -> Double {
        let line = Array(
            (#"0123abcd {"log":"lists/bench/actions","seq":123456,"ts":1764230400000000,"id":"r1-123456","#
                + #""creator":"bench","body":"{\"type\":\"todo/put\",\"payload\":{\"title\":\"buy milk\",\"done\":false}}"}"#
                + "\n").utf8)
        return Stopwatch.medianNanoseconds(operations: lines) {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
            precondition(fd >= 0, "cannot create \(path)")
            defer { close(fd) }
            line.withUnsafeBytes { bytes in
                for _ in 0..<lines {
                    precondition(write(fd, bytes.baseAddress!, bytes.count) == bytes.count, "write failed")
                    precondition(fsync(fd) == 0, "fsync failed")
                }
            }
        }
    }

    /// The fault tests' helper (see the type's documentation).
    private static func appendUntilFailure(directory: URL, count: Int, tasks: Int, segmentSize: Int) async -> Int32 {
        let book: LogBook
        do {
            book = try await LogBook.open(directory: directory, segmentSize: segmentSize)
        } catch {
            FileHandle.standardError.write(Data("cannot open the journal: \(error)\n".utf8))
            return 1
        }
        let start = book.revision(of: log)
        let failures = await withTaskGroup(of: LogAppendError?.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for index in stride(from: task, to: count, by: tasks) {
                        let id = "e\(start)-\(index)"
                        do throws(LogAppendError) {
                            let answer = try await book.append(to: log, id: id, body: body, creator: "bench")
                            print("acknowledged \(id) \(answer.seq) \(answer.ts)")
                        } catch {
                            return error
                        }
                    }
                    return nil
                }
            }
            return await group.compactMap { $0 }.reduce(into: [LogAppendError]()) { $0.append($1) }
        }
        fflush(nil)
        guard let failure = failures.first else {
            await book.close()
            return 0
        }
        FileHandle.standardError.write(Data("append failed: \(failure)\n".utf8))
        let after: String
        do {
            try await book.append(to: log, id: "after-failure", body: body, creator: "bench")
            after = "accepted"
        } catch {
            after = "\(error)"
        }
        FileHandle.standardError.write(Data("after failure: \(after)\n".utf8))
        await book.close()
        return 1
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("rxchain-bench: \(message)\nusage: rxchain-bench \(usage)\n".utf8))
        return 2
    }
}
