import Foundation
import RxChainCore
import RxChainTestFixtures
import Testing

/// A device of the toy register (nothing but rules, actions and codec) with a durable queue,
/// syncing through a `DirectoryRemote`.
@Suite struct RegisterDeviceTests {
    @Test func twoDevicesConvergeOnTheReplayOfThePlaybook() async throws {
        try await RegisterWorld.directory(RegisterDeviceChecks.twoDevicesConverge)
    }

    @Test func anOvertakenActionIsIgnoredOnEveryDevice() async throws {
        try await RegisterWorld.directory(RegisterDeviceChecks.anOvertakenActionIsIgnoredEverywhere)
    }

    @Test func pendingActionsSurviveReopening() async throws {
        try await RegisterWorld.directory(RegisterDeviceChecks.pendingActionsSurviveReopening)
    }

    /// Opening reads the local file's snapshot (the engine's JSON default) and the queue: the
    /// playbook is not needed.
    @Test func reopeningRestoresTheStateFromTheLocalFile() async throws {
        try await RegisterWorld.directory { world in
            let phone = try await world.open("phone", remote: world.remote)
            try await phone.record(.set(key: "a", value: "1"))
            try await phone.record(.set(key: "b", value: "2"))
            try await phone.record(.clear)
            try await phone.record(.set(key: "c", value: "3"))
            try await phone.syncNow()
            try await phone.record(.set(key: "d", value: "4"))
            let before = await phone.state
            let synced = try await world.replay().state
            await phone.close()

            try FileManager.default.removeItem(at: world.root.appendingPathComponent("remote"))
            let reopened = try await world.open("phone")
            let snapshot = try #require(await reopened.transport?.currentSnapshot)
            #expect(snapshot.lineCount == 4 && snapshot.state == synced)
            #expect(reopened.transport?.currentStatus.resetReason == nil)
            #expect(reopened.pendingActions == [.set(key: "d", value: "4")])
            #expect(await reopened.state == before)
            #expect(before.values == ["c": "3", "d": "4"])
            await reopened.close()
        }
    }

    /// Invalid and ignored actions are refused before anything is queued.
    @Test func theRulesRefuseBeforeQueueing() async throws {
        try await RegisterWorld.directory { world in
            let phone = try await world.open("phone")
            try await phone.record(.set(key: "a", value: "1"))
            let invalid = await #expect(throws: Rejection.self) { try await phone.record(.set(key: "", value: "1")) }
            #expect(invalid?.field == "payload.key" && invalid?.isIgnored == false)
            let ignored = await #expect(throws: Rejection.self) { try await phone.record(.remove(key: "zz")) }
            #expect(ignored?.isIgnored == true && ignored?.reason == "no key 'zz'")
            #expect(phone.pendingActions == [.set(key: "a", value: "1")])
            #expect(await phone.state.values == ["a": "1"])
            await phone.close()
        }
    }
}
