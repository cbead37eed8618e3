import Foundation
import RxChainDevice
import RxChainLogs
import Testing

@testable import Ledger

/// A device's actions count as uploaded only when the playbook holds their lines, whatever
/// happens to its identity: a queue file moved aside, a store directory copied, a line
/// written by someone else with its id. Every action any device recorded ends in the
/// playbook exactly once.
@Suite struct LedgerDeviceIdentityTests {
    func withWorld<T>(_ body: (URL, RemoteSetting) async throws -> T) async throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-identity-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("remote"), withIntermediateDirectories: true)
        return try await body(root, try RemoteSetting(parsing: root.path + "/remote/playbook.ndjson"))
    }

    func open(_ directory: URL, remote: RemoteSetting) async throws -> LedgerDevice {
        var options = DeviceOptions()
        options.remote = remote
        options.startsOnline = false
        return try await LedgerDevice.open(directory: directory, options: options)
    }

    func playbook(_ remote: RemoteSetting) -> Data {
        FileManager.default.contents(atPath: URL(string: remote.location)!.path) ?? Data()
    }

    /// The categories the playbook's lines create, one per line, in line order.
    func categoryLines(_ remote: RemoteSetting) -> [String] {
        String(decoding: playbook(remote), as: UTF8.self).split(separator: "\n").compactMap { line in
            guard case .success(let entry) = ActionParser.parse(String(line)),
                case .newCategory(let name) = entry.action
            else { return nil }
            return name
        }
    }

    /// `queue.jsonl` moved aside (as the queue's own error message suggests): the queue starts
    /// again, but its numbering continues above what the playbook holds for its id, so the new
    /// actions are appended, never taken for the old ones.
    @Test func aQueueMovedAsideContinuesItsNumberingAndLosesNothing() async throws {
        try await withWorld { root, remote in
            let store = root.appendingPathComponent("phone")
            var phone = try await open(store, remote: remote)
            for name in ["A", "B", "C"] { try await phone.record(.newCategory(name)) }
            try await phone.syncNow()
            let deviceID = phone.sync.queue.deviceID
            await phone.close()
            let log = LedgerDevice.queueDirectory(of: store).appendingPathComponent("queue.jsonl")
            try FileManager.default.moveItem(at: log, to: log.appendingPathExtension("aside"))

            phone = try await open(store, remote: remote)
            #expect(phone.sync.queue.deviceID == deviceID)
            #expect(phone.sync.queue.nextSeq == 4, "continues above phone:3, the highest the playbook holds")
            try await phone.record(.newCategory("D"))
            try await phone.syncNow()
            #expect(categoryLines(remote) == ["A", "B", "C", "D"])
            #expect(await phone.state.replicated.categories == ["A", "B", "C", "D"])
            #expect(phone.transport!.currentStatus.deviceIDChanges.isEmpty)
            await phone.close()
        }
    }

    /// A copied store (a backup restored, a new laptop): both copies share a device id and a
    /// numbering. The second to sync finds its id on a line it did not write, takes a new id
    /// for its pending actions, says so in the status, and appends them.
    @Test func aCopiedStoreTakesANewDeviceIDAndLosesNothing() async throws {
        try await withWorld { root, remote in
            let original = root.appendingPathComponent("laptop")
            let copy = root.appendingPathComponent("laptop-copy")
            let laptop = try await open(original, remote: remote)
            try await laptop.record(.newCategory("Shared"))
            try await laptop.syncNow()
            await laptop.close()
            try FileManager.default.copyItem(at: original, to: copy)

            let first = try await open(original, remote: remote)
            let second = try await open(copy, remote: remote)
            let sharedID = first.sync.queue.deviceID
            #expect(second.sync.queue.deviceID == sharedID)
            try await first.record(.newCategory("FromOriginal"))
            try await second.record(.newCategory("FromCopy"))
            try await second.record(.newCategory("AlsoFromCopy"))
            try await first.syncNow()
            let report = try await second.syncNow()
            #expect(report.pending == 0)
            try await first.syncNow()

            #expect(categoryLines(remote) == ["Shared", "FromOriginal", "FromCopy", "AlsoFromCopy"])
            let expected = LedgerReplay.replay(playbook(remote)).ledger
            #expect(await first.state.replicated == expected)
            #expect(await second.state.replicated == expected)
            #expect(first.sync.queue.deviceID == sharedID)
            #expect(second.sync.queue.deviceID != sharedID)
            let change = try #require(second.transport!.currentStatus.deviceIDChanges.last)
            #expect(change.from == sharedID && change.to == second.sync.queue.deviceID)
            #expect(change.reason.contains("\(sharedID):2"), "\(change.reason)")
            #expect(second.transport!.currentStatus.deviceID == second.sync.queue.deviceID)
            await first.close()
            await second.close()
        }
    }

    /// An action recorded before the copy is pending in both stores, under one key: the copy
    /// sends it, and the original, which then takes a new id for its own later action, keeps
    /// that one's key and acknowledges it as sent instead of appending it a second time.
    @Test func anActionPendingInBothCopiesIsAppendedOnce() async throws {
        try await withWorld { root, remote in
            let original = root.appendingPathComponent("laptop")
            let copy = root.appendingPathComponent("laptop-copy")
            let laptop = try await open(original, remote: remote)
            try await laptop.record(.newCategory("BeforeTheCopy"))
            await laptop.close()
            try FileManager.default.copyItem(at: original, to: copy)

            let first = try await open(original, remote: remote)
            let second = try await open(copy, remote: remote)
            try await second.record(.newCategory("FromCopy"))
            try await second.syncNow()
            try await first.record(.newCategory("FromOriginal"))
            let report = try await first.syncNow()
            #expect(report.playbook?.recoveredActions == 1, "BeforeTheCopy was found in the playbook")
            try await second.syncNow()
            #expect(categoryLines(remote) == ["BeforeTheCopy", "FromCopy", "FromOriginal"])
            #expect(first.transport!.currentStatus.deviceIDChanges.count == 1)
            let expected = LedgerReplay.replay(playbook(remote)).ledger
            #expect(await first.state.replicated == expected)
            #expect(await second.state.replicated == expected)
            await first.close()
            await second.close()
        }
    }

    /// One line written by someone else with a device's id and a huge `seq` must not make the
    /// device's next actions look uploaded.
    @Test func aHostileLineWithThisDevicesIDSuppressesNothing() async throws {
        try await withWorld { root, remote in
            let phone = try await open(root.appendingPathComponent("phone"), remote: remote)
            try await phone.record(.newCategory("First"))
            try await phone.syncNow()
            let deviceID = phone.sync.queue.deviceID
            let hostile = try DirectoryRemote(remote.location)
            let line = #"{"type":"categories/new","payload":"Hostile","actionId":"\#(deviceID):1000000"}"#
            _ = try await hostile.append(
                Data((line + "\n").utf8), expecting: try await hostile.currentRevision(), localCopy: nil)

            for name in ["Second", "Third"] { try await phone.record(.newCategory(name)) }
            try await phone.syncNow()
            #expect(categoryLines(remote) == ["First", "Hostile", "Second", "Third"])
            #expect(await phone.state.replicated.categories == ["First", "Hostile", "Second", "Third"])
            #expect(phone.transport!.currentStatus.deviceIDChanges.count == 1)
            await phone.close()
        }
    }

    /// A download alone (nothing pending) that finds a line with this device's id and a `seq`
    /// it never gave out changes the id at once, before an action is numbered after it; the
    /// new id survives reopening.
    @Test func aForeignLineFoundByADownloadChangesTheIDBeforeAnythingIsRecorded() async throws {
        try await withWorld { root, remote in
            let original = root.appendingPathComponent("a")
            let copy = root.appendingPathComponent("b")
            let device = try await open(original, remote: remote)
            try await device.record(.newCategory("Base"))
            try await device.syncNow()
            let sharedID = device.sync.queue.deviceID
            await device.close()
            try FileManager.default.copyItem(at: original, to: copy)

            let a = try await open(original, remote: remote)
            try await a.record(.newCategory("FromA"))
            try await a.syncNow()
            await a.close()

            var b = try await open(copy, remote: remote)
            let outcome = await b.transport!.refresh()
            guard case .conflict = outcome else {
                Issue.record("the download should change the device id, got \(outcome)")
                return
            }
            #expect(b.sync.queue.deviceID != sharedID)
            let newID = b.sync.queue.deviceID
            await b.close()
            b = try await open(copy, remote: remote)
            #expect(b.sync.queue.deviceID == newID)
            try await b.record(.newCategory("FromB"))
            try await b.syncNow()
            #expect(categoryLines(remote) == ["Base", "FromA", "FromB"])
            #expect(await b.state.replicated.categories == ["Base", "FromA", "FromB"])
            await b.close()
        }
    }
}
