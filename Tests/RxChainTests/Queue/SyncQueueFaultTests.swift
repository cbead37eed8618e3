import Foundation
import Testing

@testable import RxChain

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
        let next = try await queue.append(tag: "after", payload: Data("1".utf8))
        #expect(next.seq > (before + persistedSeqs(child.lines)).max()!)
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
