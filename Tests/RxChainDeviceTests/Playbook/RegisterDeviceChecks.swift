import Foundation
import RxChainLogs
import RxChainTestFixtures
import Testing

/// What a register device does with any remote: the directory and S3 suites run these.
enum RegisterDeviceChecks {
    /// Two devices record, sync in turn, and both hold the replay of the playbook, whose lines
    /// are the engine's, tagged with the devices' actionIds.
    static func twoDevicesConverge(_ world: RegisterWorld) async throws {
        let phone = try await world.open("phone", remote: world.remote)
        let laptop = try await world.open("laptop", remote: world.remote)
        try await phone.record(.set(key: "a", value: "1"))
        try await phone.record(.set(key: "b", value: "2"))
        try await laptop.record(.set(key: "a", value: "9"))
        try await laptop.record(.set(key: "c", value: "3"))
        let first = try await phone.syncNow()
        #expect(first.playbook?.linesUploaded == 2 && first.playbook?.linesDownloaded == 0 && first.pending == 0)
        let second = try await laptop.syncNow()
        #expect(second.playbook?.linesDownloaded == 2 && second.playbook?.linesUploaded == 2)
        let third = try await phone.syncNow()
        #expect(third.playbook?.linesDownloaded == 2 && third.playbook?.linesUploaded == 0)

        let replay = try await world.replay()
        #expect(replay.state.values == ["a": "9", "b": "2", "c": "3"])
        #expect(replay.counts.applied == 4 && replay.allDiagnostics.isEmpty)
        let firstLine = RegisterDomain().lineBytes(
            for: .set(key: "a", value: "1"), actionId: ActionID(parsing: "phone:1"))
        let playbook = try await world.playbook()
        #expect(
            playbook.prefix(firstLine.count + 1) == Data(firstLine + [0x0A]),
            "\(String(decoding: playbook, as: UTF8.self))")
        #expect(await phone.state == replay.state)
        #expect(await laptop.state == replay.state)
        #expect(phone.pendingActions.isEmpty && laptop.pendingActions.isEmpty)
        await phone.close()
        await laptop.close()
    }

    /// A remove that another device's remove overtook is dropped by the rules on sync, reported,
    /// and never appended; both devices agree.
    static func anOvertakenActionIsIgnoredEverywhere(_ world: RegisterWorld) async throws {
        let phone = try await world.open("phone", remote: world.remote)
        let laptop = try await world.open("laptop", remote: world.remote)
        try await phone.record(.set(key: "a", value: "1"))
        try await phone.syncNow()
        try await laptop.syncNow()
        try await phone.record(.remove(key: "a"))
        try await laptop.record(.remove(key: "a"))
        try await laptop.syncNow()
        let report = try await phone.syncNow()
        #expect(report.playbook?.linesUploaded == 0 && report.pending == 0)
        #expect(report.playbook?.ignoredActions.map(\.reason) == ["register/remove: no key 'a'"])
        let replay = try await world.replay()
        #expect(replay.counts.linesRead == 2 && replay.state.values == [:])
        #expect(await phone.state == replay.state)
        #expect(await laptop.state == replay.state)
        await phone.close()
        await laptop.close()
    }

    /// The durable queue: actions recorded offline are still there, in order, after the device
    /// is closed and reopened, and reach the playbook on the next sync.
    static func pendingActionsSurviveReopening(_ world: RegisterWorld) async throws {
        let recorded: [RegisterAction] = [.set(key: "a", value: "1"), .set(key: "b", value: "2"), .remove(key: "a")]
        let phone = try await world.open("phone", remote: world.remote)
        for action in recorded { try await phone.record(action) }
        let before = await phone.state
        #expect(before.values == ["b": "2"])
        await phone.close()

        let reopened = try await world.open("phone")
        #expect(reopened.remoteSetting == world.remote)
        #expect(reopened.pendingActions == recorded)
        #expect(await reopened.state == before)
        let report = try await reopened.syncNow()
        #expect(report.playbook?.linesUploaded == 3 && report.pending == 0)
        #expect(try await world.replay().state == before)
        await reopened.close()

        let synced = try await world.open("phone")
        #expect(synced.pendingActions.isEmpty)
        #expect(await synced.transport?.currentSnapshot.lineCount == 3)
        #expect(await synced.state == before)
        await synced.close()
    }
}
