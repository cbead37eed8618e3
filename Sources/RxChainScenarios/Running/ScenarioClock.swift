import Foundation
import RxChainJSON
import Synchronization

/// The scenario's virtual clock: whole seconds of UTC, moved only by the script
/// (`clock …`, `advance …`) and by `fault delay` on the remote.
///
/// Changes a script makes without an explicit `at` are stamped with this clock, and sync
/// statuses record its times, so a scenario gives the same playbook on every run.
///
/// > Important: Thread-safe (an `Atomic`): the devices' sync engines read it from their own actors.
package final class ScenarioClock: Sendable {
    /// 2026-01-01T00:00:00Z.
    package static let defaultStart: Int64 = 1_767_225_600
    /// 9999-12-31T23:59:59Z, the last second a playbook timestamp can write.
    package static let latest: Int64 = 253_402_300_799

    private let current: Atomic<Int64>

    package init(seconds: Int64) {
        current = Atomic(seconds)
    }

    /// Seconds since 1970.
    package var seconds: Int64 { current.load(ordering: .relaxed) }

    /// The current time as a playbook timestamp, `YYYY-MM-DDTHH:MM:SSZ`.
    package var now: Timestamp {
        // The text is in the grammar: the clock stays within years 1970–9999 (see `set`).
        try! Timestamp(parsing: Self.format(seconds))
    }

    /// The current time as a `Date`.
    package var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// Sets the clock; `false` (and unchanged) outside 1970–9999.
    @discardableResult
    package func set(_ seconds: Int64) -> Bool {
        guard (0...Self.latest).contains(seconds) else { return false }
        current.store(seconds, ordering: .relaxed)
        return true
    }

    /// Carries out `advance SECONDS` for a step at `location`: the line the trace shows.
    ///
    /// - Throws: ``ScenarioScriptError`` when the clock would pass the year 9999.
    package func advance(by seconds: Int64, at location: ScenarioLocation) throws(ScenarioScriptError) -> String {
        guard set(self.seconds + seconds) else {
            throw ScenarioScriptError(location: location, message: "the clock cannot pass year 9999")
        }
        return "clock \(Self.format(self.seconds))"
    }

    /// Carries out `clock TIME` for a step at `location`: the line the trace shows.
    ///
    /// - Throws: ``ScenarioScriptError`` when `time` is outside the years 1970–9999.
    package func set(to time: Int64, at location: ScenarioLocation) throws(ScenarioScriptError) -> String {
        guard set(time) else {
            throw ScenarioScriptError(location: location, message: "the clock stays within years 1970-9999")
        }
        return "clock \(Self.format(seconds))"
    }

    /// `2026-11-01T12:00:00Z`.
    package static func format(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
