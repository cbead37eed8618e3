import Foundation
import RxChainServer
import RxChainServerStorage
import RxChainTesting
import Testing

/// Injects I/O errors into the journal's system calls with `strace -e inject=…` on a child
/// `rxchain-bench server-journal-append` run: the failing commit fails its appends with an error
/// naming the call, the book then refuses every append, and a reopen holds every append that
/// was acknowledged, exactly once, at the position it was acknowledged with.
@Suite struct LogBookFaultTests {
    static let strace = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var syscall: String
        var error: String
        var errno: Int32
        var message: String
        var testDescription: String { name }
    }

    /// Only the segment's third call fails (the first `fsync` is the open's, the second the first
    /// commit's, so acknowledged appends exist before the fault): the calls after it would
    /// succeed, so an append accepted after the failure shows that the book was not poisoned.
    static let faults = [
        Fault(name: "fsync EIO", syscall: "fsync", error: "EIO", errno: EIO, message: "fsync of"),
        Fault(name: "write ENOSPC", syscall: "write", error: "ENOSPC", errno: ENOSPC, message: "write of"),
    ]

    @Test(arguments: faults)
    func aFailedCommitFailsItsAppendsPoisonsTheBookAndLosesNothingAcknowledged(fault: Fault) async throws {
        guard let strace = Self.strace else {
            Issue.record("strace is not installed: install it (apt-get install strace) to run the I/O fault tests")
            return
        }
        let scratch = ScratchDirectory("fault")
        let bench = try benchExecutable()
        let arguments = ["server-journal-append", "--dir", scratch.journal.path]
        let clean = try await runChild(bench, arguments + ["--count", "30", "--tasks", "3"])
        #expect(clean.status == 0, "\(clean.stderr)")

        let segment = scratch.journal.appendingPathComponent("journal-0000000001.log").path
        let injected = try await runChild(
            URL(fileURLWithPath: strace),
            [
                "-f", "-qq", "-o", "/dev/null", "-P", segment, "-e", "trace=\(fault.syscall)",
                "-e", "inject=\(fault.syscall):error=\(fault.error):when=3", bench.path,
            ] + arguments + ["--count", "3000", "--tasks", "50"])
        #expect(injected.status == 1, "expected a failure under \(fault.name); stderr: \(injected.stderr)")
        let errnoText = String(cString: strerror(fault.errno))
        let failure = injected.stderr.split(separator: "\n").first { $0.hasPrefix("append failed: ") }
        #expect(failure?.contains(fault.message) == true, "stderr: \(injected.stderr)")
        #expect(failure?.contains(errnoText) == true, "stderr: \(injected.stderr)")
        let after = injected.stderr.split(separator: "\n").first { $0.hasPrefix("after failure: ") }
        #expect(after?.contains("the log store failed") == true, "the book must refuse appends after a failure")

        let acknowledged = (clean.lines + injected.lines).compactMap(Acknowledged.init)
        #expect(acknowledged.count >= 30)
        let book = try await LogBook.open(directory: scratch.journal)
        let log = try LogName(validating: "lists/bench/actions")
        let recovered = Dictionary(uniqueKeysWithValues: book.read(log, limit: .max).entries.map { ($0.id, $0) })
        #expect(book.recoveryReport?.damaged == [])
        for answer in acknowledged {
            let entry = recovered[answer.id]
            #expect(entry?.seq == answer.seq && entry?.ts == answer.ts, "acknowledged \(answer.id) lost or moved")
        }
        let next = try await book.append(to: log, id: "next", body: [], creator: "test")
        #expect(next.seq == UInt64(recovered.count) + 1)
        await book.close()
    }

    /// One `acknowledged <id> <seq> <ts>` line of the helper.
    struct Acknowledged {
        var id: String
        var seq: UInt64
        var ts: UInt64

        init?(_ line: String) {
            let fields = line.split(separator: " ")
            guard fields.count == 4, fields[0] == "acknowledged", let seq = UInt64(fields[2]),
                let ts = UInt64(fields[3])
            else { return nil }
            (id, self.seq, self.ts) = (String(fields[1]), seq, ts)
        }
    }
}
