import Foundation
import RxChainServer
import RxChainServerStorage
import RxChainTesting
import Testing

/// `kill -9` of a process appending from 50 tasks, at a random moment, several times over one
/// directory: every append it acknowledged is there after each reopen, once, at the position it
/// was acknowledged with, and recovery finds nothing damaged (a torn tail, if any, is cut).
@Suite struct LogBookCrashTests {
    /// With the default segment size (the open segment only), and with 4 KiB segments: closed
    /// over and over, each leaving its index file (the checkpoint a restart reads instead of the
    /// segment), so kills land while checkpoints are being written too.
    @Test(arguments: [nil, 4] as [Int?])
    func everyAcknowledgedAppendSurvivesAKillAtARandomMoment(segmentKB: Int?) async throws {
        let seed = ProcessInfo.processInfo.environment["RXCHAIN_SEED"].flatMap(UInt64.init) ?? .random(in: 0 ... .max)
        print("LogBookCrashTests seed \(seed) (replay with RXCHAIN_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)
        let scratch = ScratchDirectory("crash")
        let bench = try benchExecutable()
        let log = try LogName(validating: "lists/bench/actions")
        var acknowledged: [String: (seq: UInt64, ts: UInt64)] = [:]
        for trial in 0..<6 {
            let killAfter = Int.random(in: 20...1_500, using: &random)
            let child = try await runChild(
                bench,
                ["server-journal-append", "--dir", scratch.journal.path, "--count", "1000000", "--tasks", "50"]
                    + (segmentKB.map { ["--segment-kb", "\($0)"] } ?? []),
                killAfterLines: killAfter)
            #expect(child.status != 0, "trial \(trial) (seed \(seed)): the child was not killed")
            for line in child.lines {
                let fields = line.split(separator: " ")
                guard fields.count == 4, let seq = UInt64(fields[2]), let ts = UInt64(fields[3]) else { continue }
                acknowledged[String(fields[1])] = (seq, ts)
            }

            let book = try await LogBook.open(directory: scratch.journal)
            #expect(book.recoveryReport?.damaged == [], "trial \(trial) (seed \(seed))")
            if segmentKB != nil, trial > 0 {
                #expect(book.recoveryReport?.segmentCount ?? 0 > 1, "trial \(trial): segments were closed")
            }
            let entries = book.read(log, limit: .max).entries
            let recovered = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
            let lost = acknowledged.filter { id, answer in
                recovered[id]?.seq != answer.seq || recovered[id]?.ts != answer.ts
            }
            #expect(lost.isEmpty, "trial \(trial) (seed \(seed)): lost or moved \(lost.keys.sorted().prefix(5))")
            await book.close()
        }
        #expect(acknowledged.count >= 120)
    }
}
