import Testing

@testable import RxChainScenarios

/// The fault script a crash during sync arms: the write that plays it takes the device down, and
/// nothing after it gets through until the crash is over.
@Suite struct ScenarioFaultScriptTests {
    @Test func aDeviceTakenDownByTheArmedFaultFailsEveryOperationUntilDisarmed() {
        var script = ScenarioFaultScript()
        func take(_ operation: ScenarioFaultScript.Operation) -> ScenarioFault? { script.take(for: operation) }
        func disarm() -> Bool { script.disarm() }
        script.inject(.status(503), times: 1)
        script.arm(.lostResponse, thenDown: true)
        #expect(take(.read) == nil, "the armed fault waits for a write")
        #expect(take(.write) == .lostResponse)
        // A retry already under way, a read: neither reaches the server, and the script's own
        // fault stays for later.
        #expect(take(.write) == .fail)
        #expect(take(.read) == .fail)
        let played = script.takePlayed()
        #expect(played.isEmpty)
        #expect(disarm(), "the armed fault was played")
        #expect(take(.read) == nil)
        #expect(take(.write) == .status(503))
    }

    @Test func anArmedFaultPutBackUnplayedLeavesTheDeviceUp() {
        var script = ScenarioFaultScript()
        func take(_ operation: ScenarioFaultScript.Operation) -> ScenarioFault? { script.take(for: operation) }
        func disarm() -> Bool { script.disarm() }
        script.arm(.lostResponse, thenDown: true)
        #expect(take(.write) == .lostResponse)
        // Turned away unread (an expired token): the refreshed request plays it again.
        script.putBack(.lostResponse)
        #expect(take(.write) == .lostResponse)
        #expect(take(.write) == .fail)
        #expect(disarm())
    }

    @Test func withoutThenDownTheDeviceStaysUp() {
        var script = ScenarioFaultScript()
        func take(_ operation: ScenarioFaultScript.Operation) -> ScenarioFault? { script.take(for: operation) }
        func disarm() -> Bool { script.disarm() }
        script.arm(.fail)
        #expect(take(.write) == .fail)
        #expect(take(.write) == nil)
        #expect(disarm())
    }

    @Test func anArmedFaultNoWriteTookIsReportedUnplayed() {
        var script = ScenarioFaultScript()
        script.arm(.lostResponse, thenDown: true)
        let read = script.take(for: .read)
        #expect(read == nil)
        let played = script.disarm()
        #expect(!played, "a sync with nothing to send never played it")
    }
}
