import Foundation
import RxChainLogs
import RxChainTesting
import Testing

@testable import Ledger

/// A device dropped from memory at any step and reopened from disk still converges.
@Suite struct LedgerSyncCrashTests {
    @Test func crashAfterTheAppendCommittedBeforeTheLocalFileWasWritten() async throws {
        try await SyncWorld.with { world in
            let remote = FaultInjectingRemote(try world.remote())
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            remote.inject(.commitThenFail)
            _ = try await a.sendOnce()
            try await a.crashAndReopen()
            try await a.sync()
            #expect(world.actionIDs() == ["a:1"])
            #expect(await a.ledger == world.replay())
        }
    }

    @Test func crashAfterTheLocalFileWasWrittenBeforeTheQueueAcknowledged() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            a.record(.newCategory("Food"))
            #expect(try await a.sendOnce(acknowledge: false) == .acknowledged)
            try await a.crashAndReopen()
            #expect(await a.snapshot.lineCount == 1)
            try await a.sync()
            #expect(world.actionIDs() == ["a:1"])
            #expect(a.transport.currentStatus.recoveredActions == 1)
        }
    }

    /// Cuts the journal at every byte of its last entry (a crash during the write) and reopens.
    @Test func tornJournalAtEveryByteStillConverges() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            let b = try await SyncDevice("b", root: world.root, remote: try world.remote())
            a.record(.newCategory("Food"))
            try await a.sync()
            b.record(.newCategory("Rent"))
            b.record(put("t1", 3, category: "Rent", modified: "2024-01-01T10:00:00Z"))
            try await b.sync()
            let journalPath = a.directory.appendingPathComponent("local.journal").path
            let before = FileManager.default.contents(atPath: journalPath) ?? Data()
            try await a.sync()  // downloads b's two lines into a journal entry
            let after = try #require(FileManager.default.contents(atPath: journalPath))
            #expect(after.count > before.count)
            for cut in before.count...after.count {
                try after.prefix(cut).write(to: URL(fileURLWithPath: journalPath))
                try await a.crashAndReopen()
                let lines = await a.snapshot.lineCount
                #expect(lines == (cut == after.count ? 3 : 1), "cut at \(cut)")
                try await a.sync()
                #expect(await a.ledger == world.replay(), "cut at \(cut)")
                try after.write(to: URL(fileURLWithPath: journalPath))
            }
        }
    }

    /// The snapshot plus the journal's tail equals a full replay, whatever the split point.
    @Test func snapshotPlusTailEqualsFullReplayForAnySplit() async throws {
        try await SyncWorld.with { world in
            let writer = try await SyncDevice("w", root: world.root, remote: try world.remote())
            var generator = SeededGenerator(seed: 7)
            for step in 0..<12 {
                writer.record(.newCategory("c\(Int.random(in: 0..<4, using: &generator))"))
                writer.record(
                    put(
                        "t\(Int.random(in: 0..<3, using: &generator))", Double(step), category: "c1",
                        modified: "2024-01-01T10:\(10 + step):00Z"))
                if step % 3 == 0 { writer.record(.renameCategory(from: "c1", to: "c2")) }
            }
            try await writer.sync()
            let playbook = Data(world.playbook().utf8)
            let lines = playbook.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
            let full = LedgerReplay.replay(playbook).ledger
            let domain = LedgerDomain()
            for split in 0...lines.count {
                let head = Data(lines.prefix(split).map { Data($0) + Data([0x0A]) }.joined())
                let tail = playbook.suffix(from: head.count)
                var state = domain.emptyState
                var marks = ActionIDIndex()
                _ = domain.apply(lines: head, to: &state, actionIDs: &marks, linesBefore: 0)
                // Round-trip the snapshot through its file encoding, as opening does.
                let encoded = try JSONEncoder().encode(state)
                var reopened = try JSONDecoder().decode(ReplicatedLedger.self, from: encoded)
                let applied = domain.apply(lines: Data(tail), to: &reopened, actionIDs: &marks, linesBefore: split)
                #expect(applied.linesRead == lines.count - split)
                #expect(reopened == full, "split at line \(split)")
            }
        }
    }
}
