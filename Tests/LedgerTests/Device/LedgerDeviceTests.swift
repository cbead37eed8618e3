import Foundation
import RxChainCore
import RxChainDevice
import RxChainJSON
import Testing

@testable import Ledger

@Suite struct LedgerDeviceTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ledger-device-\(UUID().uuidString)")
    }

    static let actions: [LedgerAction] = [
        .newCategory("Food"),
        put("a", 12.5, category: "Food", type: .cash, modified: "2024-05-01T10:00:00Z"),
        put("b", 3, description: "bus", modified: "2024-05-01T10:05:00Z"),
        put("a", 13, modified: "2024-05-01T11:00:00Z"),
        .deleteTransaction(id: "b", deletedAt: "2024-05-01T12:00:00Z".timestamp),
        .renameCategory(from: "Food", to: "Meals"),
    ]

    @Test func recordedActionsSurviveReopeningInOrder() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try await LedgerDevice.open(directory: directory)
        var last = LedgerState()
        for action in Self.actions { last = try await device.record(action) }
        #expect(device.pendingActions == Self.actions)
        await device.close()

        let reopened = try await LedgerDevice.open(directory: directory)
        #expect(await reopened.state == last)
        #expect(reopened.pendingActions == Self.actions)
        #expect(reopened.skippedOnOpen.isEmpty)
        #expect(last.replicated.categories == ["Meals"])
        #expect(
            last.replicated.transactions["a"]
                == record("a", 13, category: "Meals", type: .cash, modified: "2024-05-01T11:00:00Z"))
        #expect(last.replicated.transactions["b"] == Transaction(id: "b", deletedAt: ts("2024-05-01T12:00:00Z")))
        await reopened.close()
    }

    @Test func theQueueHoldsEachActionAsItsLineObject() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try await LedgerDevice.open(directory: directory)
        try await device.record(.newCategory("Food"))
        try await device.record(.renameCategory(from: "Food", to: "Meals"))
        let records = device.sync.queue.pending
        #expect(records.map(\.tag) == ["categories/new", "categories/rename"])
        #expect(
            records.map { String(decoding: $0.payload, as: UTF8.self) } == [
                #"{"payload":"Food","type":"categories/new"}"#,
                #"{"payload":{"from":"Food","to":"Meals"},"type":"categories/rename"}"#,
            ])
        await device.close()
    }

    @Test func anIgnoredActionIsRejectedAndNotQueued() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try await LedgerDevice.open(directory: directory)
        try await device.record(.newCategory("Food"))
        await #expect(throws: Rejection.ignored(tag: "categories/new", reason: "the category exists")) {
            try await device.record(.newCategory("Food"))
        }
        #expect(device.pendingActions == [.newCategory("Food")])
        #expect(await device.state.errors.isEmpty)
        await device.close()
    }

    @Test func anInvalidActionIsRejectedRecordedInErrorsAndNotQueued() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try await LedgerDevice.open(directory: directory)
        let invalid = LedgerAction.deleteTransaction(id: "", deletedAt: ts("2024-05-01T12:00:00Z"))
        await #expect(throws: Rejection(tag: "transactions/delete", reason: "must not be empty", field: "payload.id")) {
            try await device.record(invalid)
        }
        #expect(await device.state == LedgerState(errors: ["transactions/delete: payload.id: must not be empty"]))
        #expect(device.pendingActions.isEmpty)
        await device.close()
    }

    @Test func aSecondOpenOfABusyStoreSaysWhichLockIsHeld() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try await LedgerDevice.open(directory: directory)
        do {
            let second = try await LedgerDevice.open(directory: directory, lockWait: .milliseconds(50))
            await second.close()
            Issue.record("a second open of the same store succeeded")
        } catch let error as DeviceError {
            guard case .busy(_, let lock, let pid, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(lock.hasSuffix("/queue/lock"))
            #expect(pid == getpid())
            #expect(error.description.contains("is busy"))
        }
        await device.close()
        let afterClose = try await LedgerDevice.open(directory: directory, lockWait: .zero)
        await afterClose.close()
    }

    @Test func queuedActionsApplyOnTopOfTheBaseAndThoseItOutdatesAreSkippedButKept() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try await LedgerDevice.open(directory: directory)
        try await device.record(.newCategory("Food"))
        try await device.record(put("a", 1, modified: "2024-05-01T10:00:00Z"))
        await device.close()

        let base = LedgerState(
            replicated: ReplicatedLedger(
                categories: ["Travel"], transactions: ["a": record("a", 9, modified: "2024-05-02T00:00:00Z")]))
        let reopened = try await LedgerDevice.open(directory: directory, base: base)
        var expected = base
        expected.replicated.categories = ["Travel", "Food"]
        #expect(await reopened.state == expected)
        #expect(
            reopened.skippedOnOpen.map(\.description) == [
                "transactions/put: ignored: not newer than the record's modifiedAt"
            ])
        #expect(reopened.pendingActions.count == 2)
        await reopened.close()
    }
}

extension String {
    fileprivate var timestamp: Timestamp { ts(self) }
}
