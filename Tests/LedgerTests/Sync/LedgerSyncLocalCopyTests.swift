import Foundation
import Testing

@testable import Ledger

/// The device's copy of the playbook text, for remotes that replace one object on every
/// append (``WholeObjectRemote`` here, `S3Remote` in ``LedgerSyncS3Tests``).
@Suite struct LedgerSyncLocalCopyTests {
    @Test func twoDevicesKeepTheWholePlaybookAndConverge() async throws {
        try await SyncWorld.with { world in
            let remote = WholeObjectRemote()
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            let b = try await SyncDevice("b", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            b.record(.newCategory("Rent"))
            try await a.sync()
            try await b.sync()  // conflict-free: downloads a's line, uploads copy + its own
            a.record(.renameCategory(from: "Rent", to: "Home"))
            try await a.sync()
            try await b.sync()
            let expected = LedgerReplay.replay(remote.bytes).ledger
            #expect(expected.categories == ["Food", "Home"])
            #expect(await a.ledger == expected)
            #expect(await b.ledger == expected)
            #expect(copy(of: b) == remote.bytes)
            #expect(copy(of: a) == remote.bytes.prefix(copy(of: a)?.count ?? 0))
        }
    }

    /// A crash after the copy's write but before the local file's (or during the copy's
    /// write) leaves extra bytes: opening cuts them, and the next append uploads the right text.
    @Test(arguments: ["{\"torn", "{\"type\":\"category\",\"name\":\"Ghost\"}\n", "\n\n{\"half"])
    func extraBytesInTheCopyAreCutOnOpen(extra: String) async throws {
        try await SyncWorld.with { world in
            let remote = WholeObjectRemote()
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            try await a.sync()
            let handle = try FileHandle(forWritingTo: copyFile(of: a))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(extra.utf8))
            try handle.close()
            try await a.crashAndReopen()
            #expect(try await a.sendOnce() == .acknowledged)
            #expect(a.transport.currentStatus.resetReason == nil)
            #expect(copy(of: a) == remote.bytes)
            a.record(.newCategory("Rent"))
            try await a.sync()  // the remote refuses a copy that is not the object + lines
            #expect(copy(of: a) == remote.bytes)
            #expect(LedgerReplay.replay(remote.bytes).ledger.categories == ["Food", "Rent"])
        }
    }

    /// A copy with fewer lines than the local file read (lost, cut short) cannot be
    /// trusted: the device reads the playbook again from its start and loses nothing.
    @Test(arguments: [true, false])
    func aShortOrMissingCopyIsRebuiltFromThePlaybook(deleteIt: Bool) async throws {
        try await SyncWorld.with { world in
            let remote = WholeObjectRemote()
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            a.record(.newCategory("Rent"))
            try await a.sync()
            let file = copyFile(of: a)
            if deleteIt {
                try FileManager.default.removeItem(at: file)
            } else {
                try Data(remote.bytes.prefix(10)).write(to: file)
            }
            a.record(.newCategory("Fun"))
            try await a.crashAndReopen()
            try await a.sync()
            #expect(a.transport.currentStatus.resetReason?.contains("playbook.copy") == true)
            #expect(a.transport.currentStatus.lastLinesDownloaded == 2)
            #expect(copy(of: a) == remote.bytes)
            #expect(await a.ledger.categories == ["Food", "Rent", "Fun"])
            #expect(await a.ledger == LedgerReplay.replay(remote.bytes).ledger)
        }
    }

    @Test func aReplacedPlaybookReplacesTheCopy() async throws {
        try await SyncWorld.with { world in
            let remote = WholeObjectRemote()
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            a.record(.newCategory("Rent"))
            try await a.sync()
            remote.replace(with: Data((LedgerAction.newCategory("New").encodeLine(actionId: nil) + "\n").utf8))
            a.record(.newCategory("Fun"))
            try await a.sync()
            #expect(copy(of: a) == remote.bytes)
            #expect(await a.ledger.categories == ["New", "Fun"])
            try await a.crashAndReopen()
            #expect(copy(of: a) == remote.bytes)
        }
    }

    @Test func anotherRemoteStartsANewCopy() async throws {
        try await SyncWorld.with { world in
            let first = WholeObjectRemote("first")
            let a = try await SyncDevice("a", root: world.root, remote: first)
            a.record(.newCategory("Food"))
            a.record(.newCategory("Rent"))
            try await a.sync()
            let second = WholeObjectRemote("second")
            try await a.switchRemote(second)
            a.record(.newCategory("Fun"))
            try await a.sync()
            #expect(copy(of: a) == second.bytes)
            #expect(LedgerReplay.replay(second.bytes).ledger.categories == ["Fun"])
        }
    }

    @Test func aDirectoryRemoteKeepsNoCopy() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            a.record(.newCategory("Food"))
            try await a.sync()
            #expect(world.actionIDs() == ["a:1"])
            #expect(!FileManager.default.fileExists(atPath: copyFile(of: a).path))
        }
    }

    private func copyFile(of device: SyncDevice) -> URL {
        device.directory.appendingPathComponent("playbook.copy")
    }

    private func copy(of device: SyncDevice) -> Data? {
        FileManager.default.contents(atPath: copyFile(of: device).path)
    }
}
