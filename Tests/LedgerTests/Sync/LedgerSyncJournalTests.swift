import Foundation
import Testing

@testable import Ledger

/// The local file's journal (`local.journal`): every entry is checksummed, so a damaged one
/// is never applied; it rebuilds the device from the playbook and the status says why.
@Suite struct LedgerSyncJournalTests {
    /// A device with a snapshot and one journal entry of `lines` new lines after it.
    static func withJournal(_ body: (SnapshotWorld, SyncDevice, [UInt8]) async throws -> Void) async throws {
        try await SnapshotWorld.with { world, device in
            let writer = try await SyncDevice("w2", root: world.world.root, remote: try world.world.remote())
            writer.record(put("t3", 40, category: "Food", description: "Taxi", modified: "2024-01-03T10:00:00Z"))
            writer.record(put("t1", 99, modified: "2024-01-04T10:00:00Z"))
            try await writer.sync()
            try await device.sync()
            let journal = try journalBytes(device)
            #expect(!journal.isEmpty, "the sync wrote a journal entry")
            try await body(world, device, journal)
        }
    }

    static func journalPath(_ device: SyncDevice) -> String {
        device.directory.appendingPathComponent("local.journal").path
    }

    static func journalBytes(_ device: SyncDevice) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: journalPath(device))))
    }

    @Test func aJournalEntryIsReadBackOnOpen() async throws {
        try await Self.withJournal { world, device, _ in
            let before = await device.snapshot
            try await device.crashAndReopen()
            #expect(device.transport.currentStatus.resetReason == nil)
            #expect(await device.snapshot == before)
            #expect(await device.ledger == world.world.replay())
        }
    }

    /// One flipped bit anywhere in the entry (checksum, header, lines) never loads a state the
    /// playbook does not replay to; where the entry is all there it rebuilds, saying why.
    @Test func aFlippedByteNeverLoadsAWrongStateAndRebuilds() async throws {
        try await Self.withJournal { world, device, journal in
            let playbook = Data(world.world.playbook().utf8)
            let headerEnd = journal.firstIndex(of: 0x0A)!
            // Every byte of the checksum and the header's start, then every seventh, and the last.
            let positions = Array(0..<min(40, journal.count)) + Array(stride(from: 40, to: journal.count, by: 7))
            for position in positions + [journal.count - 1] {
                var damaged = journal
                damaged[position] ^= 0x01
                try Data(damaged).write(to: URL(fileURLWithPath: Self.journalPath(device)))
                try await device.crashAndReopen()
                let snapshot = await device.snapshot
                let prefix = LedgerReplay.replay(playbook, upto: snapshot.lineCount).ledger
                #expect(snapshot.state == prefix, "byte \(position): the state is that of the first lines")
                let reason = device.transport.currentStatus.resetReason
                if position < 8 || position > headerEnd {
                    #expect(
                        reason?.contains("local.journal is corrupt") == true,
                        "byte \(position): \(reason ?? "no reason")")
                    #expect(snapshot.lineCount == 0, "byte \(position)")
                }
                try await device.sync()
                #expect(await device.ledger == world.world.replay(), "byte \(position): converges")
                try Data(journal).write(to: URL(fileURLWithPath: Self.journalPath(device)))
                try await device.crashAndReopen()
            }
        }
    }

    /// An entry the file ends inside of is a write a crash cut short: ignored, no rebuild.
    @Test func aTornLastEntryIsIgnoredWithoutARebuild() async throws {
        try await Self.withJournal { world, device, journal in
            let snapshotLines = LedgerReplay.replay(Data(world.world.playbook().utf8)).counts.linesRead - 2
            for cut in [1, 9, journal.count / 2, journal.count - 1] {
                try Data(journal.prefix(cut)).write(to: URL(fileURLWithPath: Self.journalPath(device)))
                try await device.crashAndReopen()
                #expect(device.transport.currentStatus.resetReason == nil, "cut at \(cut)")
                #expect(await device.snapshot.lineCount == snapshotLines, "cut at \(cut)")
                try await device.sync()
                #expect(await device.ledger == world.world.replay(), "cut at \(cut)")
            }
        }
    }
}
