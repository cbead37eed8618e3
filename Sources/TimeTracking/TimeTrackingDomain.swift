import Foundation
import RxChainLogs

/// The time tracker as a playbook domain: its state (``TimeTrackingState``), its messages
/// (``TimeTrackingAction``) read and written by the engine's `PlaybookLine` codec as
/// `{"type":…,"payload":{…}}` lines, and its rules (``TimeTrackingRules``).
///
/// The state's snapshot is its `Codable` form (the engine's JSON default). Replay applies the
/// lines in order on one thread: `start`, `continue`, `put` and a server merge may stop
/// another entry, so no message touches only its own entry.
///
/// ```swift
/// let replay = try TimeTrackingReplay.replay(contentsOf: url)
/// print(replay.state.running ?? "nothing runs")
/// ```
public struct TimeTrackingDomain: PlaybookDomain {
    /// Creates the domain.
    public init() {}

    /// `time`.
    public var name: String { "time" }

    /// Bumped whenever ``TimeTrackingRules`` or the line codec change what lines build (2: lines
    /// that are not strict JSON are unreadable, as in every other domain).
    public var reducerVersion: Int { 2 }

    /// No entries, nothing running.
    public var emptyState: TimeTrackingState { TimeTrackingState() }

    public func validationError(of action: TimeTrackingAction) -> PlaybookLineError? {
        action.validationError
    }

    public func apply(_ action: TimeTrackingAction, to state: inout TimeTrackingState) -> TimeTrackingRuleOutcome {
        TimeTrackingRules.apply(action, to: &state)
    }
}

/// Replays of the time tracker's playbooks.
public typealias TimeTrackingReplay = PlaybookReplay<TimeTrackingDomain>

extension PlaybookReplay where Domain == TimeTrackingDomain {
    /// Starts a replay from an empty state, reading at most `upto` lines.
    public init(upto: Int? = nil) {
        self.init(domain: TimeTrackingDomain(), upto: upto)
    }

    /// Replays a whole playbook held in memory.
    public static func replay(_ data: Data, upto: Int? = nil) -> PlaybookReplay {
        replay(data, domain: TimeTrackingDomain(), upto: upto)
    }

    /// Replays a playbook file from its first line, reading it in chunks.
    public static func replay(contentsOf url: URL, upto: Int? = nil, chunkSize: Int = 1 << 20) throws
        -> PlaybookReplay
    {
        try replay(contentsOf: url, domain: TimeTrackingDomain(), upto: upto, chunkSize: chunkSize)
    }
}
