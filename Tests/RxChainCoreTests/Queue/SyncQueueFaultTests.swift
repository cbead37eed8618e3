import Foundation
import RxChainTesting
import Testing

@testable import RxChainCore

/// Injects I/O errors into the queue's system calls with `strace -e inject=…` on a child
/// `rxchain-bench queue` run: the run must fail with a message naming the failure, and
/// the queue must reopen with everything it reported persisted.
@Suite struct SyncQueueFaultTests {
    static let strace = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var syscall: String
        var error: String
        var message: String
        /// The file strace filters on (`-P`), relative to the queue directory.
        var file: String
        var extra: [String] = []
        /// Which matching calls fail (strace's `when=`): the queue already exists when the
        /// fault is injected, so for writes and syncs the first batch still goes through.
        var when = "2+"
        var testDescription: String { name }
    }

    static let faults = [
        Fault(name: "fsync EIO", syscall: "fsync", error: "EIO", message: "fsync of", file: "queue.jsonl"),
        Fault(
            name: "write ENOSPC", syscall: "write", error: "ENOSPC", message: "write of", file: "queue.jsonl"),
        Fault(
            name: "compaction rename EIO", syscall: "rename,renameat,renameat2", error: "EIO",
            message: "rename to",
            file: "queue.jsonl.compacting", extra: ["--ack-even"], when: "1+"),
    ]

    private func run(_ arguments: [String], under fault: Fault?, directory: URL) async throws -> ChildResult {
        guard let strace = Self.strace else {
            Issue.record(
                "strace is not installed: install it (apt-get install strace) to run the I/O fault tests")
            throw CancellationError()
        }
        let bench = try benchExecutable()
        var command = ["-f", "-qq", "-o", "/dev/null"]
        if let fault {
            let path = directory.appendingPathComponent(fault.file).path
            command += [
                "-P", path, "-e", "trace=\(fault.syscall)",
                "-e", "inject=\(fault.syscall):error=\(fault.error):when=\(fault.when)",
            ]
        }
        return try await runChild(URL(fileURLWithPath: strace), command + [bench.path] + arguments)
    }

    @Test(arguments: faults)
    func injectedFaultFailsClearlyAndLosesNothing(fault: Fault) async throws {
        let root = TemporaryDirectory("fault")
        let directory = root.queue()
        // A clean first run, so the log exists and holds requests from before the fault.
        let clean = try await run(
            ["queue", "--dir", directory.path, "--count", "50"], under: nil, directory: directory)
        #expect(clean.status == 0, "\(clean.stderr)")
        let before = persistedSeqs(clean.lines)
        #expect(before.count == 50)

        let child = try await run(
            ["queue", "--dir", directory.path, "--count", "3000", "--producers", "2"] + fault.extra,
            under: fault, directory: directory)
        #expect(child.status == 1, "expected a failure under \(fault.name); stderr: \(child.stderr)")
        #expect(child.stderr.contains(fault.message), "stderr: \(child.stderr)")
        let errnoText = String(cString: strerror(fault.error == "EIO" ? EIO : ENOSPC))
        #expect(child.stderr.contains(errnoText), "stderr: \(child.stderr)")

        let queue = try await SyncQueue.open(directory: directory, durability: .none)
        #expect(queue.recoveryReport.quarantined.isEmpty, "\(queue.recoveryReport)")
        let present = Set(queue.pending.map(\.seq))
        let kept =
            fault.extra.contains("--ack-even")
            ? persistedSeqs(child.lines).filter { $0 % 2 == 1 } : persistedSeqs(child.lines)
        let missing = (before + kept).filter { !present.contains($0) }
        #expect(missing.isEmpty, "reported persisted but lost under \(fault.name): \(missing.prefix(10))")
        if fault.syscall.hasPrefix("rename") {
            #expect(queue.recoveryReport.removedInterruptedCompaction)
        }
        let next = try await queue.enqueueDurably(tag: "after", payload: Data("1".utf8))
        #expect(next.seq > (before + persistedSeqs(child.lines)).max()!)
        await queue.close()
    }

    /// Runs `rxchain-bench` with `arguments` under strace, failing the `injections`
    /// (`syscall:error=…:when=…`) on the queue's log only.
    private func bench(_ arguments: [String], injecting injections: [String], directory: URL) async throws
        -> ChildResult
    {
        if injections.isEmpty { return try await runChild(try benchExecutable(), arguments) }
        guard let strace = Self.strace else {
            Issue.record(
                "strace is not installed: install it (apt-get install strace) to run the I/O fault tests")
            throw CancellationError()
        }
        let syscalls = Set(injections.map { String($0.prefix { $0 != ":" }) }).sorted()
        var command = ["-f", "-qq", "-o", "/dev/null", "-P", directory.appendingPathComponent("queue.jsonl").path]
        command += ["-e", "trace=\(syscalls.joined(separator: ","))"]
        for injection in injections { command += ["-e", "inject=\(injection)"] }
        return try await runChild(URL(fileURLWithPath: strace), command + [try benchExecutable().path] + arguments)
    }

    private func seqs(_ lines: [String], _ prefix: String) -> [UInt64] {
        lines.compactMap { $0.hasPrefix(prefix) ? UInt64($0.dropFirst(prefix.count)) : nil }
    }

    private func ioMessage(_ operation: String, _ path: String) -> String {
        "I/O error: \(operation) of \(path) failed: \(String(cString: strerror(EIO))) (errno \(EIO))"
    }

    /// The second `fsync` of the log fails: the writer cuts its batch off (ftruncate back to
    /// what the first covered, then a new fsync), so those requests are "not recorded" and
    /// gone; retried, each is recorded once, and the queue keeps taking writes.
    @Test func aFailedFsyncIsCutOffSoItsRequestsAreNotRecordedAndTheQueueGoesOn() async throws {
        let root = TemporaryDirectory("cut")
        let directory = root.queue()
        let clean = try await bench(
            ["queue", "--dir", directory.path, "--count", "50"], injecting: [], directory: directory)
        #expect(clean.status == 0, "\(clean.stderr)")
        let highestBefore = try #require(persistedSeqs(clean.lines).max())

        let count = 3_000
        let child = try await bench(
            [
                "queue", "--dir", directory.path, "--count", "\(count)", "--producers", "2",
                "--retry-not-recorded", "--probe",
            ], injecting: ["fsync:error=EIO:when=2"], directory: directory)
        let log = directory.appendingPathComponent("queue.jsonl").path
        #expect(child.status == 1, "\(child.stderr)")
        #expect(child.stderr.contains("not recorded: \(ioMessage("fsync", log))"), "\(child.stderr)")
        let notRecorded = seqs(child.lines, "not recorded ")
        #expect(!notRecorded.isEmpty, "the failed fsync should have covered a batch")
        #expect(child.lines.contains { $0.hasPrefix("probe persisted ") }, "the queue should go on: \(child.stderr)")

        let queue = try await SyncQueue.open(directory: directory, durability: .none)
        #expect(queue.recoveryReport.isClean, "the cut should leave a whole log: \(queue.recoveryReport)")
        let present = Set(queue.pending.map(\.seq))
        let persisted = persistedSeqs(clean.lines) + persistedSeqs(child.lines)
        #expect(persisted.filter { !present.contains($0) }.isEmpty, "reported persisted but lost")
        #expect(notRecorded.filter { present.contains($0) }.isEmpty, "reported not recorded but in the queue")
        // Every request of the run is in the queue exactly once: the retries recorded what the cut took back.
        let numbers = queue.pending.filter { $0.seq > highestBefore && $0.tag == "bench/request" }.compactMap {
            (try? JSONSerialization.jsonObject(with: $0.payload) as? [String: Any])?["n"] as? Int
        }
        #expect(numbers.sorted() == Array(0..<count))
        await queue.close()
    }

    struct CutFault: Sendable, CustomTestStringConvertible {
        var failingStep: String
        var injections: [String]
        var testDescription: String { "the cut's \(failingStep) fails" }
    }

    /// The batch's `fsync` fails and so does the cut (its `fsync`, or its `ftruncate`):
    /// those requests' outcome is unknown, the queue refuses every write until it is
    /// reopened, and reopening finds a consistent queue that takes writes again.
    @Test(arguments: [
        CutFault(failingStep: "fsync", injections: ["fsync:error=EIO:when=2+"]),
        CutFault(failingStep: "ftruncate", injections: ["fsync:error=EIO:when=2", "ftruncate:error=EIO"]),
    ])
    func whenTheCutFailsTooTheOutcomeIsUnknownAndTheQueueRefusesWritesUntilReopened(fault: CutFault) async throws {
        let root = TemporaryDirectory("unknown")
        let directory = root.queue()
        let clean = try await bench(
            ["queue", "--dir", directory.path, "--count", "50"], injecting: [], directory: directory)
        #expect(clean.status == 0, "\(clean.stderr)")

        // `always`: one fsync per request, so the second fsync is the second request's whatever
        // the machine's load (batched, a loaded machine could queue all 300 before the writer's
        // first fsync, and the failing fsync would be the probe's).
        let child = try await bench(
            ["queue", "--dir", directory.path, "--count", "300", "--durability", "always", "--probe"],
            injecting: fault.injections, directory: directory)
        let log = directory.appendingPathComponent("queue.jsonl").path
        #expect(child.status == 1, "\(child.stderr)")
        #expect(
            child.stderr.contains(
                "outcome unknown: \(ioMessage("fsync", log)), and cutting it off failed too: "
                    + ioMessage(fault.failingStep, log)), "\(child.stderr)")
        #expect(child.stderr.contains("(reopen the store to see whether it was recorded)"), "\(child.stderr)")
        #expect(!seqs(child.lines, "outcome unknown ").isEmpty, "\(child.lines.suffix(5))")
        let probe = child.lines.first { $0.hasPrefix("probe ") } ?? "no probe line"
        #expect(
            probe.hasPrefix(
                "probe failed: not recorded: queue at \(directory.path) refuses writes until it is reopened"),
            "\(probe)")

        let queue = try await SyncQueue.open(directory: directory, durability: .none)
        #expect(queue.recoveryReport.quarantined.isEmpty, "\(queue.recoveryReport)")
        let present = queue.pending.map(\.seq)
        #expect(zip(present, present.dropFirst()).allSatisfy { $0 < $1 }, "each request at most once, in order")
        let persisted = persistedSeqs(clean.lines) + persistedSeqs(child.lines)
        #expect(persisted.filter { !Set(present).contains($0) }.isEmpty, "reported persisted but lost")
        let next = try await queue.enqueueDurably(tag: "after", payload: Data("1".utf8))
        #expect(next.seq > (present + persisted).max()!)
        await queue.close()
    }

    @Test func alwaysSyncsEveryRecordAndBatchedSharesSyncs() async throws {
        guard let strace = Self.strace else {
            Issue.record(
                "strace is not installed: install it (apt-get install strace) to run the I/O fault tests")
            return
        }
        let bench = try benchExecutable()
        for (durability, count) in [("always", 40), ("batched", 2_000)] {
            let root = TemporaryDirectory("fsyncs")
            let directory = root.queue()
            let trace = root.file("trace").path
            let child = try await runChild(
                URL(fileURLWithPath: strace),
                [
                    "-f", "-qq", "-o", trace, "-e", "trace=fsync", bench.path, "queue", "--dir",
                    directory.path,
                    "--count", "\(count)", "--durability", durability, "--producers", "4",
                ])
            #expect(child.status == 0, "\(child.stderr)")
            #expect(persistedSeqs(child.lines).count == count)
            let fsyncs = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains("fsync(") }.count
            if durability == "always" {
                #expect(fsyncs >= count, "always: \(fsyncs) fsyncs for \(count) records")
            } else {
                #expect(fsyncs < count / 2, "batched: \(fsyncs) fsyncs for \(count) records")
            }
        }
    }
}
