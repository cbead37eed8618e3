import Foundation
import RxChainDevice
import RxChainLogs
import RxChainTesting
import Testing

@testable import Ledger

/// `LedgerDevice` with a remote: devices in separate directories syncing through one
/// `DirectoryRemote` (a playbook file in a temporary directory).
@Suite struct LedgerDeviceSyncTests {
    /// A temporary root holding the devices' stores and the playbook, removed by `body`'s end.
    func withWorld<T>(_ body: (URL, RemoteSetting) async throws -> T) async throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-device-sync-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        // The playbook's directory exists, as a mounted share would: a remote never creates it.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("remote"), withIntermediateDirectories: true)
        return try await body(root, try RemoteSetting(parsing: root.path + "/remote/playbook.ndjson"))
    }

    func open(_ name: String, in root: URL, remote: RemoteSetting? = nil) async throws -> LedgerDevice {
        var options = DeviceOptions()
        options.remote = remote
        options.startsOnline = false
        return try await LedgerDevice.open(directory: root.appendingPathComponent(name), options: options)
    }

    func playbook(_ remote: RemoteSetting) -> Data {
        FileManager.default.contents(atPath: URL(string: remote.location)!.path) ?? Data()
    }

    @Test func twoDevicesConvergeOnTheReplayOfThePlaybook() async throws {
        try await withWorld { root, remote in
            let phone = try await open("phone", in: root, remote: remote)
            let laptop = try await open("laptop", in: root, remote: remote)
            try await phone.record(.newCategory("Food"))
            try await phone.record(put("t1", 12.5, category: "Food", modified: "2024-01-01T10:00:00Z"))
            try await laptop.record(.newCategory("Rent"))
            try await laptop.record(put("t1", 20, modified: "2024-01-01T11:00:00Z"))
            let first = try await phone.syncNow()
            #expect(first.playbook?.linesUploaded == 2 && first.playbook?.linesDownloaded == 0 && first.pending == 0)
            let second = try await laptop.syncNow()
            #expect(second.playbook?.linesDownloaded == 2 && second.playbook?.linesUploaded == 2)
            let third = try await phone.syncNow()
            #expect(third.playbook?.linesDownloaded == 2 && third.playbook?.linesUploaded == 0)

            let expected = LedgerReplay.replay(playbook(remote)).ledger
            #expect(expected.categories == ["Food", "Rent"])
            #expect(expected.transactions["t1"] == record("t1", 20, category: "Food", modified: "2024-01-01T11:00:00Z"))
            #expect(await phone.state.replicated == expected)
            #expect(await laptop.state.replicated == expected)
            #expect(phone.pendingActions.isEmpty && laptop.pendingActions.isEmpty)
            await phone.close()
            await laptop.close()
        }
    }

    @Test func aDownloadReBasesTheStoreUnderItsPendingActions() async throws {
        try await withWorld { root, remote in
            let phone = try await open("phone", in: root, remote: remote)
            let laptop = try await open("laptop", in: root, remote: remote)
            try await phone.record(.newCategory("Food"))
            try await phone.record(put("t1", 10, category: "Food", modified: "2024-01-01T10:00:00Z"))
            try await phone.record(put("t2", 5, modified: "2024-01-01T10:00:00Z"))
            try await phone.syncNow()
            // Pending on the laptop: a later edit of t1 (wins) and an earlier one of t2 (loses).
            try await laptop.record(put("t1", 11, modified: "2024-01-01T12:00:00Z"))
            try await laptop.record(put("t2", 6, modified: "2024-01-01T09:00:00Z"))
            try await laptop.record(.newCategory("Rent"))

            #expect(await laptop.transport!.refresh() == .acknowledged)  // download only
            await laptop.rebase()
            let state = await laptop.state.replicated
            #expect(state.categories == ["Food", "Rent"])
            #expect(state.transactions["t1"] == record("t1", 11, category: "Food", modified: "2024-01-01T12:00:00Z"))
            #expect(state.transactions["t2"] == record("t2", 5, modified: "2024-01-01T10:00:00Z"))
            #expect(laptop.pendingActions.count == 3)
            await phone.close()
            await laptop.close()
        }
    }

    @Test func reopeningShowsTheSameStateWithoutReadingThePlaybook() async throws {
        try await withWorld { root, remote in
            let phone = try await open("phone", in: root, remote: remote)
            try await phone.record(.newCategory("Food"))
            try await phone.record(put("t1", 10, category: "Food", modified: "2024-01-01T10:00:00Z"))
            try await phone.syncNow()
            try await phone.record(put("t1", 12, category: "Food", modified: "2024-01-01T11:00:00Z"))
            let before = await phone.state
            await phone.close()

            // The playbook is gone: opening can only use the local file and the queue.
            try FileManager.default.removeItem(at: root.appendingPathComponent("remote"))
            let reopened = try await open("phone", in: root)
            #expect(reopened.remoteSetting == remote)
            #expect(await reopened.state == before)
            #expect(await reopened.transport!.currentSnapshot.lineCount == 2)
            #expect(reopened.pendingActions == [put("t1", 12, category: "Food", modified: "2024-01-01T11:00:00Z")])
            await reopened.close()
        }
    }

    @Test func pendingActionsTheSnapshotAlreadyHoldsAreNotAppliedTwice() async throws {
        try await withWorld { root, remote in
            let phone = try await open("phone", in: root, remote: remote)
            try await phone.record(.newCategory("Food"))
            try await phone.record(.renameCategory(from: "Food", to: "Meals"))
            try await phone.record(.newCategory("Food"))
            // Appended and journalled, but the queue never heard the acknowledgement (as after a crash).
            let batch = phone.sync.queue.pending
            #expect(try await phone.transport!.send(batch) == .acknowledged)
            await phone.close()

            let reopened = try await open("phone", in: root)
            #expect(reopened.pendingActions.count == 3)
            #expect(await reopened.state.replicated.categories == ["Meals", "Food"])
            let report = try await reopened.syncNow()
            #expect(report.playbook?.recoveredActions == 3 && report.playbook?.linesUploaded == 0)
            #expect(await reopened.state.replicated.categories == ["Meals", "Food"])
            await reopened.close()
        }
    }

    @Test func anotherRemoteStartsAFreshCopyAndKeepsThePendingActions() async throws {
        try await withWorld { root, remote in
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("other"), withIntermediateDirectories: true)
            let other = try RemoteSetting(parsing: root.path + "/other/playbook.ndjson")
            let phone = try await open("phone", in: root, remote: remote)
            try await phone.record(.newCategory("Food"))
            try await phone.syncNow()
            try await phone.record(.newCategory("Rent"))
            await phone.close()

            let moved = try await open("phone", in: root, remote: other)
            #expect(try RemoteSetting.saved(in: moved.directory) == other)
            #expect(await moved.state.replicated.categories == ["Rent"])
            #expect(moved.transport!.currentStatus.resetReason?.contains("remote changed") == true)
            let report = try await moved.syncNow()
            #expect(report.playbook?.linesUploaded == 1 && report.playbook?.linesDownloaded == 0)
            #expect(LedgerReplay.replay(playbook(other)).ledger.categories == ["Rent"])
            await moved.close()
        }
    }

    @Test func syncNowNeedsARemote() async throws {
        try await withWorld { root, _ in
            let device = try await open("phone", in: root)
            try await device.record(.newCategory("Food"))
            await #expect(throws: DeviceError.noRemote(store: device.directory.path)) {
                try await device.syncNow()
            }
            #expect(device.pendingActions == [.newCategory("Food")])
            await device.close()
        }
    }

    @Test func anUnreachableRemoteFailsTheSyncAndKeepsThePendingActions() async throws {
        try await withWorld { root, _ in
            // The playbook's directory is a regular file: nothing can be read or written there.
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: root.appendingPathComponent("blocked"))
            let remote = try RemoteSetting(parsing: root.path + "/blocked/playbook.ndjson")
            let device = try await open("phone", in: root, remote: remote)
            try await device.record(.newCategory("Food"))
            await #expect {
                try await device.syncNow(maxFailures: 2)
            } throws: { error in
                guard case .syncFailed(let reason, _) = error as? DeviceError else { return false }
                return reason.contains("blocked")
            }
            #expect(device.pendingActions == [.newCategory("Food")])
            #expect(device.transport!.currentStatus.lastError != nil)
            await device.close()
        }
    }

    /// A download that fails for a reason that may pass (here: reads that fail, as a refused
    /// connection does) is tried again with backoff, and the sync then goes through.
    @Test func aFailedDownloadIsRetriedWithBackoff() async throws {
        try await withWorld { root, setting in
            let remote = FaultInjectingRemote(try DirectoryRemote(setting.location))
            var options = DeviceOptions()
            options.remote = setting
            options.startsOnline = false
            options.retry = .deterministic(base: .milliseconds(1), cap: .milliseconds(4))
            options.wrapRemote = { _ in remote }
            let phone = try await LedgerDevice.open(directory: root.appendingPathComponent("phone"), options: options)
            try await phone.record(.newCategory("Food"))
            remote.inject(.failRead, .failRead, .failRead)
            let report = try await phone.syncNow(maxFailures: 4)
            #expect(report.playbook?.linesUploaded == 1 && report.pending == 0)
            #expect(remote.pendingFaults.isEmpty)
            remote.inject(.failRead, .failRead)
            try await phone.record(.newCategory("Rent"))
            await #expect {
                try await phone.syncNow(maxFailures: 2)
            } throws: { error in
                guard case DeviceError.syncFailed(let reason, let attempts) = error else { return false }
                return attempts == 2 && reason.contains("injected fault")
            }
            #expect(phone.sync.queue.pendingCount == 1)
            await phone.close()
        }
    }

    /// A device that stays open (an app) counts the failures of each sync from its start:
    /// the failures that ended an earlier sync do not end the next one before it tries.
    @Test func aSyncAfterAFailedOneTriesAgainFromZero() async throws {
        try await withWorld { root, setting in
            let remote = FaultInjectingRemote(try DirectoryRemote(setting.location))
            var options = DeviceOptions()
            options.remote = setting
            options.startsOnline = false
            options.retry = .deterministic(base: .zero, cap: .zero)
            options.wrapRemote = { _ in remote }
            let phone = try await LedgerDevice.open(directory: root.appendingPathComponent("phone"), options: options)
            try await phone.record(.newCategory("Food"))
            remote.inject(.failBeforeWrite, .failBeforeWrite)
            await #expect(throws: DeviceError.self) { try await phone.syncNow(maxFailures: 2) }
            let report = try await phone.syncNow(maxFailures: 2)
            #expect(report.playbook?.linesUploaded == 1 && report.pending == 0)
            await phone.close()
        }
    }

    /// A share that is not mounted shows its empty mount point: the device that has read the
    /// playbook there refuses to start a new one in its place (it would empty its queue into
    /// it), says why, and sends nothing; once the playbook is back, the sync goes through.
    @Test func aPlaybookThatVanishedIsNeverReplacedByANewOne() async throws {
        try await withWorld { root, remote in
            let phone = try await open("phone", in: root, remote: remote)
            try await phone.record(.newCategory("Food"))
            try await phone.syncNow()
            let share = root.appendingPathComponent("remote")
            let unmounted = root.appendingPathComponent("remote-unmounted")
            try FileManager.default.moveItem(at: share, to: unmounted)
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
            try await phone.record(.newCategory("Rent"))
            await #expect {
                try await phone.syncNow(maxFailures: 3)
            } throws: { error in
                guard case DeviceError.syncFailed(let reason, let attempts) = error else { return false }
                return attempts == 1 && reason.contains("is gone") && reason.contains("1 lines")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: share.path).isEmpty, "nothing written")
            #expect(phone.sync.queue.pendingCount == 1)
            try FileManager.default.removeItem(at: share)
            try FileManager.default.moveItem(at: unmounted, to: share)
            try await phone.syncNow()
            #expect(LedgerReplay.replay(playbook(remote)).ledger.categories == ["Food", "Rent"])
            await phone.close()
        }
    }

    /// An append that fails for a reason retrying will not fix (here the lock file is a
    /// directory) ends `syncNow` at the first failure instead of after `maxFailures`.
    @Test func aPermanentErrorEndsTheSyncAtOnceAndKeepsThePendingActions() async throws {
        try await withWorld { root, remote in
            let playbook = URL(string: remote.location)!
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: playbook.path + ".lock"), withIntermediateDirectories: true)
            let phone = try await open("phone", in: root, remote: remote)
            try await phone.record(.newCategory("Food"))
            await #expect {
                try await phone.syncNow(maxFailures: 3)
            } throws: { error in
                guard case DeviceError.syncFailed(let reason, let attempts) = error else { return false }
                return attempts == 1 && reason.contains("permanent") && reason.contains(".lock")
            }
            #expect(phone.transport?.currentStatus.lastErrorIsPermanent == true)
            #expect(phone.sync.queue.pendingCount == 1)
            #expect(phone.sync.queue.deadLetters.isEmpty)
            await phone.close()
        }
    }
}
