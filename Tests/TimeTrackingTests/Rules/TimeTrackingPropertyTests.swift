import Foundation
import RxChainTesting
import Testing
import TimeTracking

/// Random sequences of local messages and server answers keep the running invariant after
/// every message, and replaying them as lines gives what applying them directly gives.
@Suite struct TimeTrackingPropertyTests {
    let domain = TimeTrackingDomain()

    @Test func everyMessageKeepsTheRunningInvariant() throws {
        try forAll(TimeTrackingGen.actions, iterations: 300) { actions in
            var state = TimeTrackingState()
            for action in actions {
                let before = state
                let outcome = domain.apply(action, to: &state)
                guard state.runningInvariantHolds else { return false }
                if case .applied = outcome { continue }
                guard state == before else { return false }
            }
            return true
        }
    }

    @Test func replayingTheLinesEqualsApplyingTheMessages() throws {
        try forAll(TimeTrackingGen.actions, iterations: 200) { actions in
            var state = TimeTrackingState()
            var applied = 0
            for action in actions where domain.apply(action, to: &state) == .applied { applied += 1 }
            var lines = Data()
            for action in actions {
                lines.append(contentsOf: domain.lineBytes(for: action, actionId: nil))
                lines.append(UInt8(ascii: "\n"))
            }
            let replay = TimeTrackingReplay.replay(lines)
            return replay.state == state && replay.counts.applied == applied
                && replay.counts.applied + replay.counts.ignored == actions.count
        }
    }

    @Test func theStateReadsBackFromItsJSON() throws {
        try forAll(TimeTrackingGen.actions, iterations: 100) { actions in
            var state = TimeTrackingState()
            for action in actions { _ = domain.apply(action, to: &state) }
            let json = try JSONEncoder().encode(state)
            return try JSONDecoder().decode(TimeTrackingState.self, from: json) == state
        }
    }
}
