import Foundation
import RxChainTesting
import Testing

@testable import RxChainCore

/// Kills `rxchain-bench queue --dir D --count N` with SIGKILL at seeded random moments and
/// checks that every request it reported persisted survived, once, in order.
/// `RXCHAIN_CRASH_TRIALS` raises the number of trials (default 50).
@Suite struct SyncQueueCrashTests {
    @Test func everythingReportedPersistedSurvivesSIGKILL() async throws {
        let bench = try benchExecutable()
        let trials = ProcessInfo.processInfo.environment["RXCHAIN_CRASH_TRIALS"].flatMap(Int.init) ?? 50
        let seed = ProcessInfo.processInfo.environment["RXCHAIN_CRASH_SEED"].flatMap(UInt64.init) ?? 0xC0FFEE
        var random = SeededGenerator(seed: seed)
        let root = TemporaryDirectory("crash")
        var killedMidway = 0
        var highWater: [Int: UInt64] = [:]
        for trial in 0..<trials {
            // Five trials share a directory, so restarts after crashes are crashed too.
            let group = trial / 5
            let directory = root.queue("q\(group)")
            let durability = [Durability.batched, .batched, .always, .none].randomElement(using: &random)!
            let count = durability == .always ? 200 : 3_000
            let producers = Bool.random(using: &random) ? 1 : 4
            let killAfter = Int.random(in: 0...count, using: &random)
            let child = try await runChild(
                bench,
                [
                    "queue", "--dir", directory.path, "--count", "\(count)", "--durability",
                    durability.rawValue,
                    "--producers", "\(producers)",
                ], killAfterLines: killAfter)
            let printed = persistedSeqs(child.lines)
            let context =
                "seed \(seed) trial \(trial) (\(durability), \(producers) producers, kill after \(killAfter))"
            if child.killed, child.status != 0 { killedMidway += 1 }
            #expect(child.killed || child.status == 0, "\(context): \(child.stderr)")

            let queue = try await SyncQueue.open(directory: directory, durability: .none)
            let seqs = queue.pending.map(\.seq)
            #expect(queue.recoveryReport.quarantined.isEmpty, "\(context): \(queue.recoveryReport)")
            #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }, "\(context): out of order")
            let present = Set(seqs)
            let missing = printed.filter { !present.contains($0) }
            #expect(missing.isEmpty, "\(context): reported persisted but lost: \(missing.prefix(10))")
            #expect(Set(printed).count == printed.count, "\(context): a seq was reported twice")
            #expect(
                printed.allSatisfy { $0 > highWater[group, default: 0] },
                "\(context): a sequence number was reused")
            highWater[group] = queue.nextSeq - 1
            await queue.close()
        }
        #expect(killedMidway > trials / 2, "most trials should be killed while writing (seed \(seed))")
    }
}
