import Foundation
import RxChainCore
import RxChainJSON
import RxChainLogs
import Testing

@testable import Ledger

/// The local file's snapshot: opening reads it back exactly; a damaged, cut, unknown or
/// older one never crashes and never loads a wrong state.
@Suite struct LedgerSyncSnapshotTests {
    @Test func reopeningLoadsTheSnapshotWithoutReplaying() async throws {
        try await SnapshotWorld.with { world, device in
            let before = await device.snapshot
            try await device.crashAndReopen()
            #expect(device.transport.currentStatus.resetReason == nil)
            #expect(await device.snapshot == before)
            #expect(
                Array(try world.snapshotBytes(device).prefix(8)) == [0x89, 0x52, 0x58, 0x53, 0x4E, 0x41, 0x50, 0x0A])
        }
    }

    /// One flipped bit anywhere (header, body, checksum, state) is caught by the checks.
    @Test func aFlippedByteRebuildsFromThePlaybook() async throws {
        try await SnapshotWorld.with { world, device in
            let bytes = try world.snapshotBytes(device)
            let positions = Array(0..<24) + Array(stride(from: 24, to: bytes.count, by: 7)) + [bytes.count - 1]
            for position in positions {
                var damaged = bytes
                damaged[position] ^= 0x01
                try await world.expectRebuild(device, from: damaged, "byte \(position) flipped")
            }
        }
    }

    @Test func aTruncatedSnapshotRebuildsFromThePlaybook() async throws {
        try await SnapshotWorld.with { world, device in
            let bytes = try world.snapshotBytes(device)
            for cut in Array(0..<30) + Array(stride(from: 30, to: bytes.count, by: 11)) + [bytes.count - 1] {
                try await world.expectRebuild(device, from: bytes.prefix(cut), "cut at \(cut)")
            }
        }
    }

    /// Version 1 (high-water marks, no line digests) is older than this build reads, 3 newer.
    @Test(arguments: [1, 3] as [UInt8])
    func anotherEnvelopeVersionRebuildsFromThePlaybook(version: UInt8) async throws {
        try await SnapshotWorld.with { world, device in
            var bytes = try world.snapshotBytes(device)
            bytes[8] = version  // the version's low byte: body and checksum untouched
            try await world.expectRebuild(device, from: bytes, "version \(version)")
            #expect(device.transport.currentStatus.resetReason?.contains("version \(version)") == true)
        }
    }

    @Test func anotherStateFormatRebuildsFromThePlaybook() async throws {
        try await SnapshotWorld.with { world, device in
            let remote = try world.world.remote()
            let other = try await PlaybookTransport.open(
                directory: device.directory, remote: remote, domain: RenamedFormatDomain())
            #expect(other.currentStatus.resetReason?.contains("ledger/0") == true)
            #expect(await other.currentSnapshot.lineCount == 0)
            #expect(await other.refresh() == .acknowledged)
            #expect(await other.currentSnapshot.state == world.world.replay())
        }
    }
}

/// A synced device whose local file holds a snapshot of a few lines (and an empty journal).
struct SnapshotWorld {
    let world: SyncWorld

    static func with(_ body: (SnapshotWorld, SyncDevice) async throws -> Void) async throws {
        try await SyncWorld.with { world in
            let writer = try await SyncDevice("w", root: world.root, remote: try world.remote())
            writer.record(.newCategory("Food"))
            writer.record(put("t1", 12.5, category: "Food", modified: "2024-01-01T10:00:00.250+02:00"))
            writer.record(put("t2", -3, description: "Bus", modified: "2024-01-01T10:01:00Z"))
            writer.record(.deleteTransaction(id: "t2", deletedAt: try Timestamp(parsing: "2024-01-02T00:00:00-00:00")))
            try await writer.sync()
            let device = try await SyncDevice("d", root: world.root, remote: try world.remote())
            try await device.sync()  // a fresh device writes a whole snapshot
            #expect(await device.ledger == world.replay())
            try await body(SnapshotWorld(world: world), device)
        }
    }

    func path(_ device: SyncDevice) -> String { device.directory.appendingPathComponent("local.snapshot").path }

    func snapshotBytes(_ device: SyncDevice) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(device))))
    }

    func writeSnapshot(_ device: SyncDevice, _ bytes: some Sequence<UInt8>) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(device)))
    }

    /// Writes `bytes` as the snapshot and reopens: the device must start from nothing, then
    /// converge on the playbook's replay with its next sync.
    func expectRebuild(_ device: SyncDevice, from bytes: some Sequence<UInt8>, _ comment: Comment) async throws {
        let good = try snapshotBytes(device)
        try writeSnapshot(device, bytes)
        try await device.crashAndReopen()
        #expect(device.transport.currentStatus.resetReason != nil, comment)
        #expect(await device.snapshot.lineCount == 0, comment)
        #expect(await device.ledger == ReplicatedLedger(), comment)
        try await device.sync()
        #expect(await device.ledger == world.replay(), comment)
        try writeSnapshot(device, good)
    }
}

/// The ledger's rules with another snapshot format name, as a build that changed its codec.
struct RenamedFormatDomain: PlaybookDomain {
    let base = LedgerDomain()
    var name: String { base.name }
    var reducerVersion: Int { base.reducerVersion }
    var emptyState: ReplicatedLedger { base.emptyState }
    var snapshotFormat: String { "ledger/0" }

    func readLine(_ line: UnsafeRawBufferPointer) -> Result<LedgerEntry, LedgerActionError> { base.readLine(line) }

    func lineBytes(for action: LedgerAction, actionId: ActionID?) -> [UInt8] {
        base.lineBytes(for: action, actionId: actionId)
    }

    func action(of record: QueueRecord) -> Result<LedgerAction, LedgerActionError> { base.action(of: record) }

    func apply(_ action: LedgerAction, to state: inout ReplicatedLedger) -> LedgerRuleOutcome {
        base.apply(action, to: &state)
    }

    func encodeSnapshot(_ state: ReplicatedLedger, into writer: inout SnapshotWriter) {
        base.encodeSnapshot(state, into: &writer)
    }

    func decodeSnapshot(from reader: inout SnapshotReader) throws -> ReplicatedLedger {
        try base.decodeSnapshot(from: &reader)
    }
}
