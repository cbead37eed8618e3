import Foundation
import RxChainTesting
import Testing

@testable import Ledger
@testable import RxChainLogs

/// Replaying a batch on several threads gives exactly what replaying line by line gives.
@Suite struct PlaybookReplayParallelTests {
    /// A random playbook: the generator's lines (valid, mutated, every action type), puts and
    /// deletes over fifty ids, category traffic, blank and CRLF lines, a dozen devices (more
    /// than the eight a run keeps at hand), lines repeated verbatim (duplicates), `actionId`s
    /// reused by other lines (clashes) or far ahead of their device's run, and often a torn end.
    static func playbook(seed: UInt64) -> [UInt8] {
        var generator = LineGenerator(seed: seed)
        var text: [UInt8] = []
        var seqs = [Int](repeating: 0, count: 12)
        var written: [String] = []
        for _ in 0..<600 {
            var line: String
            if !written.isEmpty, generator.chance(5) {
                text += Array(generator.pick(written).utf8) + [0x0A]  // the same bytes again: a duplicate
                continue
            }
            switch generator.int(0...9) {
            case 0...2:
                line = generator.line()
            case 3:
                line = String(decoding: generator.mutate(Array(generator.line().utf8)), as: UTF8.self)
            case 4:
                line = generator.pick(["", "  ", "\t"])
            case 5:
                let name = generator.pick(["Food", "Rent", "Fun", "Bills"])
                line =
                    generator.chance(50)
                    ? #"{"type":"categories/new","payload":"\#(name)"}"#
                    : #"{"type":"categories/rename","payload":{"from":"\#(name)","to":"\#(generator.pick(["Food", "Meals", "Fun"]))"}}"#
            case 6:
                line =
                    #"{"type":"transactions/delete","payload":{"id":"r-\#(generator.int(0...49))","deletedAt":"\#(generator.timestamp())"}}"#
            default:
                let category = generator.pick(["Food", "Rent", "Meals", "Fun"])
                line =
                    #"{"type":"transactions/put","payload":{"id":"r-\#(generator.int(0...49))","charge":\#(generator.int(0...999)),"category":"\#(category)","modifiedAt":"\#(generator.timestamp())"}}"#
            }
            if line.hasSuffix("}"), generator.chance(70) {
                let device = generator.int(0...11)
                if generator.chance(85) { seqs[device] += 1 }  // otherwise a clash, or a duplicate
                let seq = generator.chance(3) ? seqs[device] + 1_000_000 : max(seqs[device], 1)
                line.removeLast()
                line += #","actionId":"device-\#(device):\#(seq)"}"#
            }
            written.append(line)
            text += Array(line.utf8).filter { $0 != 0x0A } + (generator.chance(20) ? [0x0D, 0x0A] : [0x0A])
        }
        if generator.chance(50) { text += Array(#"{"type":"categories/new","#.utf8) }
        return text
    }

    /// Feeds `text` in chunks of random sizes (so batches start and end anywhere, also inside a line).
    static func replay(
        _ text: [UInt8], parallelism: ReplayParallelism, upto: Int? = nil,
        from start: LedgerReplay? = nil, chunkSeed: UInt64
    ) -> LedgerReplay {
        var random = SeededGenerator(seed: chunkSeed)
        var replay =
            start.map {
                LedgerReplay(
                    domain: LedgerDomain(), state: $0.ledger, actionIDs: $0.actionIDs, consumedBytes: 0,
                    linesRead: $0.counts.linesRead, upto: upto, parallelism: parallelism)
            } ?? LedgerReplay(domain: LedgerDomain(), upto: upto, parallelism: parallelism)
        var offset = 0
        while offset < text.count {
            let end = min(text.count, offset + Int.random(in: 1...4_000, using: &random))
            replay.feed(Data(text[offset..<end]))
            offset = end
        }
        return replay
    }

    static func expectSame(_ parallel: LedgerReplay, _ sequential: LedgerReplay, _ context: String) {
        #expect(parallel.ledger == sequential.ledger, "\(context)")
        #expect(parallel.counts == sequential.counts, "\(context)")
        #expect(parallel.diagnostics == sequential.diagnostics, "\(context)")
        #expect(parallel.actionIDs == sequential.actionIDs, "\(context)")
        #expect(parallel.consumedBytes == sequential.consumedBytes, "\(context)")
        #expect(parallel.tornLine == sequential.tornLine, "\(context)")
    }

    @Test(arguments: [11, 12, 13, 14, 15] as [UInt64])
    func parallelReplayEqualsSequentialReplay(seed: UInt64) {
        let text = Self.playbook(seed: seed)
        let sequential = Self.replay(text, parallelism: .sequential, chunkSeed: seed)
        #expect(sequential.counts.applied > 50 && sequential.counts.duplicates > 0, "seed \(seed)")
        #expect(sequential.counts.invalid > 0 && sequential.counts.blank > 0, "seed \(seed)")
        for parts in [2, 4, 8] {
            for minimumBatch in [1, 40] {
                let parallelism = ReplayParallelism(parts: parts, minimumBatch: minimumBatch)
                let parallel = Self.replay(text, parallelism: parallelism, chunkSeed: seed &+ UInt64(parts))
                Self.expectSame(parallel, sequential, "seed \(seed), \(parts) parts, batches from \(minimumBatch)")
            }
        }
    }

    @Test(arguments: [21, 22] as [UInt64])
    func parallelReplayStopsAtUptoLikeSequentialReplay(seed: UInt64) {
        let text = Self.playbook(seed: seed)
        for upto in [1, 57, 300, 599] {
            let sequential = Self.replay(text, parallelism: .sequential, upto: upto, chunkSeed: seed)
            let parallel = Self.replay(
                text, parallelism: ReplayParallelism(parts: 4, minimumBatch: 1), upto: upto, chunkSeed: seed + 1)
            #expect(sequential.counts.linesRead == upto, "seed \(seed) upto \(upto)")
            Self.expectSame(parallel, sequential, "seed \(seed) upto \(upto)")
        }
    }

    /// Resuming from a ledger that already has records splits it into parts (counting them) first.
    @Test(arguments: [31, 32] as [UInt64])
    func parallelReplayResumedFromALedgerEqualsSequentialReplay(seed: UInt64) {
        let first = Self.replay(Self.playbook(seed: seed), parallelism: .sequential, chunkSeed: seed)
        #expect(!first.ledger.transactions.isEmpty)
        let more = Self.playbook(seed: seed + 100)
        let sequential = Self.replay(more, parallelism: .sequential, from: first, chunkSeed: seed)
        let parallel = Self.replay(
            more, parallelism: ReplayParallelism(parts: 2, minimumBatch: 16), from: first, chunkSeed: seed + 7)
        Self.expectSame(parallel, sequential, "seed \(seed)")
    }
}
