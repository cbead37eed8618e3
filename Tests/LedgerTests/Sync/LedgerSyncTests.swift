import Foundation
import RxChainLogs
import RxChainSystem
import RxChainTesting
import Synchronization
import Testing

@testable import Ledger

@Suite struct LedgerSyncTests {
    @Test func newDeviceReceivesExistingData() async throws {
        try await SyncWorld.with { world in
            let phone = try await SyncDevice("phone", root: world.root, remote: try world.remote())
            phone.record(.newCategory("Food"))
            phone.record(put("t1", 12.5, category: "Food", modified: "2024-01-01T10:00:00Z"))
            try await phone.sync()
            let laptop = try await SyncDevice("laptop", root: world.root, remote: try world.remote())
            #expect(await laptop.ledger == ReplicatedLedger())
            try await laptop.sync()
            #expect(await laptop.ledger.categories == ["Food"])
            #expect(
                await laptop.ledger.transactions["t1"]
                    == record("t1", 12.5, category: "Food", modified: "2024-01-01T10:00:00Z"))
            #expect(await laptop.ledger == world.replay())
            #expect(world.actionIDs() == ["phone:1", "phone:2"])
        }
    }

    @Test func twoDevicesInterleavedConverge() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            let b = try await SyncDevice("b", root: world.root, remote: try world.remote())
            a.record(.newCategory("Food"))
            b.record(.newCategory("Rent"))
            try await a.sync()
            b.record(put("t1", 5, category: "Rent", modified: "2024-01-01T10:00:00Z"))
            try await b.sync()  // downloads a's line first, then appends after it
            a.record(.renameCategory(from: "Rent", to: "Home"))
            try await a.sync()
            try await b.sync()
            try await a.sync()
            let expected = world.replay()
            #expect(expected.categories == ["Food", "Home"])
            #expect(expected.transactions["t1"]?.category == "Home")
            #expect(await a.ledger == expected)
            #expect(await b.ledger == expected)
        }
    }

    @Test(arguments: [true, false], [true, false])
    func modifyVersusDeleteResolvesByTimestamp(deleteIsLater: Bool, deleteSyncsFirst: Bool) async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            let b = try await SyncDevice("b", root: world.root, remote: try world.remote())
            a.record(put("t1", 10, modified: "2024-01-01T10:00:00Z"))
            try await a.sync()
            try await b.sync()
            let (editAt, deleteAt) =
                deleteIsLater
                ? ("2024-01-01T10:03:00Z", "2024-01-01T10:05:00Z") : ("2024-01-01T10:05:00Z", "2024-01-01T10:03:00Z")
            a.record(put("t1", 20, modified: editAt))
            b.record(.deleteTransaction(id: "t1", deletedAt: ts(deleteAt)))
            let (first, second) = deleteSyncsFirst ? (b, a) : (a, b)
            try await first.sync()
            try await second.sync()
            try await first.sync()
            let expected = world.replay()
            #expect(await a.ledger == expected)
            #expect(await b.ledger == expected)
            let result = try #require(expected.transactions["t1"])
            if deleteIsLater {
                // The later delete wins in either order: a tombstone.
                #expect(result == Transaction(id: "t1", deletedAt: ts(deleteAt)))
            } else {
                // The later edit's fields win in either order. (LedgerRules keep a record deleted
                // once a delete applied, so deletedAt depends on the order; see the report.)
                #expect(result.charge == 20)
                #expect(result.modifiedAt == ts(editAt))
                #expect(result.isDeleted == deleteSyncsFirst)
            }
            // The loser that syncs second is turned down by the snapshot: dropped and reported, never appended.
            let loserSyncsSecond = deleteIsLater == deleteSyncsFirst
            if loserSyncsSecond {
                let loser = deleteIsLater ? a : b
                #expect(
                    loser.transport.currentStatus.ignoredActions.map(\.key) == ["\(loser.id):\(deleteIsLater ? 2 : 1)"])
                #expect(world.actionIDs().count == 2)
            } else {
                #expect(world.actionIDs().count == 3)
            }
        }
    }

    @Test func switchingRemoteStartsClean() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote("one"))
            a.record(.newCategory("Food"))
            try await a.sync()
            try await a.switchRemote(try world.remote("two"))
            #expect(await a.ledger == ReplicatedLedger())
            #expect(await a.snapshot.lineCount == 0)
            #expect(a.transport.currentStatus.resetReason?.contains("remote changed") == true)
            a.record(.newCategory("Rent"))
            try await a.sync()
            #expect(await a.ledger.categories == ["Rent"])
            #expect(world.actionIDs("two") == ["a:2"])
            #expect(world.actionIDs("one") == ["a:1"])
        }
    }

    @Test func lostResponseIsRecognisedAndNotAppendedTwice() async throws {
        try await SyncWorld.with { world in
            let remote = FaultInjectingRemote(try world.remote())
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            a.record(.newCategory("Rent"))
            remote.inject(.commitThenFail)
            let first = try await a.sendOnce()
            guard case .retryLater = first else {
                Issue.record("expected retryLater, got \(first)")
                return
            }
            #expect(a.pending.count == 2)
            #expect(world.actionIDs() == ["a:1", "a:2"])
            a.record(.newCategory("Fun"))  // a partly committed batch: two found, one new
            #expect(try await a.sendOnce() == .acknowledged)
            #expect(a.pending.isEmpty)
            #expect(world.actionIDs() == ["a:1", "a:2", "a:3"])
            #expect(a.transport.currentStatus.recoveredActions == 2)
            #expect(await a.ledger == world.replay())
        }
    }

    @Test func conflictMakesTheNextSendDownloadFirst() async throws {
        try await SyncWorld.with { world in
            let remote = FaultInjectingRemote(try world.remote())
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            let b = try await SyncDevice("b", root: world.root, remote: try world.remote())
            a.record(.newCategory("Food"))
            try await a.sync()
            b.record(.newCategory("Rent"))
            try await b.sync()
            a.record(.newCategory("Fun"))
            remote.inject(.conflict)
            let outcome = try await a.sendOnce()
            guard case .conflict = outcome else {
                Issue.record("expected a conflict, got \(outcome)")
                return
            }
            #expect(try await a.sendOnce() == .acknowledged)
            #expect(world.actionIDs() == ["a:1", "b:1", "a:2"])
            #expect(await a.ledger.categories == ["Food", "Rent", "Fun"])
        }
    }

    @Test func remoteErrorsAreRetriedLaterAndReported() async throws {
        try await SyncWorld.with { world in
            let remote = FaultInjectingRemote(try world.remote())
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            remote.inject(.failRead)
            let outcome = try await a.sendOnce()
            guard case .retryLater(_, let reason) = outcome else {
                Issue.record("expected retryLater, got \(outcome)")
                return
            }
            #expect(reason.contains("injected fault"))
            let status = a.transport.currentStatus
            #expect(status.lastError?.contains("injected fault") == true)
            #expect(status.lastFailedAt != nil)
            #expect(a.pending.count == 1)
            try await a.sync()
            #expect(a.transport.currentStatus.lastError == nil)
        }
    }

    /// A remote-wide refusal (bad credentials) retries later without dead-lettering the
    /// batch's first record, and the status says that retrying alone will not help.
    @Test(arguments: [
        (PlaybookRemoteError.rejected(location: "s3", status: 403, reason: "access denied"), true),
        (PlaybookRemoteError.unavailable(location: "s3", reason: "HTTP 503"), false),
    ])
    func permanentRemoteErrorsAreRetriedLaterAndFlagged(error: PlaybookRemoteError, isPermanent: Bool) async throws {
        try await SyncWorld.with { world in
            let remote = WholeObjectRemote()
            let a = try await SyncDevice("a", root: world.root, remote: remote)
            a.record(.newCategory("Food"))
            remote.failAppends(with: error)
            let outcome = try await a.sendOnce()
            guard case .retryLater(_, let reason) = outcome else {
                Issue.record("expected retryLater, got \(outcome)")
                return
            }
            #expect(reason.contains(error.description))
            #expect(reason.contains("permanent") == isPermanent)
            #expect(a.transport.currentStatus.lastErrorIsPermanent == (isPermanent ? true : nil))
            #expect(a.pending.count == 1)
            remote.failAppends(with: nil)
            try await a.sync()
            #expect(a.transport.currentStatus.lastErrorIsPermanent == nil)
            #expect(a.transport.currentStatus.lastError == nil)
        }
    }

    @Test func visibleStateIsTheSnapshotWithPendingActionsOnTop() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            a.record(.newCategory("Food"))
            try await a.sync()
            a.record(.newCategory("Rent"))
            a.record(.newCategory("Food"))  // ignored by the rules: changes nothing
            #expect(await a.visible.categories == ["Food", "Rent"])
            #expect(await a.ledger.categories == ["Food"])
        }
    }

    @Test func baseStateSignalFiresWhenTheSnapshotChanges() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            let b = try await SyncDevice("b", root: world.root, remote: try world.remote())
            let seen = CategoryTally()
            let subscription = a.transport.baseState.sink { seen.add($0.categories) }
            b.record(.newCategory("Food"))
            try await b.sync()
            try await a.sync()
            #expect(seen.values == [[], ["Food"]])
            subscription.cancel()
        }
    }

    @Test func statusSurvivesReopening() async throws {
        try await SyncWorld.with { world in
            let a = try await SyncDevice("a", root: world.root, remote: try world.remote())
            a.record(.newCategory("Food"))
            a.record(.newCategory("Food"))
            try await a.sync()
            let saved = PlaybookTransport<LedgerDomain>.savedStatus(directory: a.directory)
            #expect(saved?.linesUploaded == 1)
            #expect(saved?.ignoredCount == 1)
            #expect(saved?.ignoredActions.first?.reason.contains("categories/new") == true)
            #expect(saved?.lastSucceededAt != nil)
            try await a.crashAndReopen()
            #expect(a.transport.currentStatus.linesUploaded == 1)
        }
    }
}

/// Values seen by an observer, in order.
final class CategoryTally: Sendable {
    private let storage = Lock<[[String]]>([])
    func add(_ value: [String]) { storage.withLock { $0.append(value) } }
    var values: [[String]] { storage.withLock { $0 } }
}
