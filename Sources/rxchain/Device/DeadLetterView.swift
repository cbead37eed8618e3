import Foundation
import RxChainCore
import RxChainDevice

/// A dead letter as `status --json`, `sync --json` and `dead-letters --json` print it:
/// `{"id":7,"tag":"…","reason":"…","at":"2026-…Z"}` (`at` null when unknown).
struct DeadLetterView: Encodable {
    var id: UInt64
    var tag: String
    var reason: String
    @ExplicitNull var at: String?

    init(_ entry: DeviceStatus.DeadLetterEntry) {
        id = entry.id
        tag = entry.tag
        reason = entry.reason
        at = entry.at.map(Self.timestamp)
    }

    init(_ letter: DeadLetter, at: Date) {
        id = letter.record.seq
        tag = letter.record.tag
        reason = letter.reason
        self.at = Self.timestamp(at)
    }

    /// `dead letter 7 timeEntries/put: REASON`, for people.
    var line: String {
        "dead letter \(id) \(tag): \(reason)"
    }

    /// RFC 3339, UTC, whole seconds: how every timestamp of the terminal's JSON reads.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
