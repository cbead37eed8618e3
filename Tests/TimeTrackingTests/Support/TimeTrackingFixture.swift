import Foundation
import RxChainJSON
import RxChainLogs
import Testing
import TimeTracking

/// A time tracker state built from lines, for tests that read like the spec.
struct TimeTrackingFixture {
    let domain = TimeTrackingDomain()
    var state = TimeTrackingState()

    /// Applies each line (a `{"type":…,"payload":…}` object), requiring it to read and apply.
    init(_ lines: String...) throws {
        for line in lines { try #require(try apply(line) == .applied, "\(line)") }
    }

    /// Reads `line` and applies it: the rules' outcome.
    @discardableResult
    mutating func apply(_ line: String) throws -> TimeTrackingRuleOutcome {
        let action = try Self.action(line)
        let outcome = domain.apply(action, to: &state)
        #expect(state.runningInvariantHolds)
        return outcome
    }

    /// Applies `line`, requiring it to be ignored and the state to stay as it was: the reason.
    mutating func ignoredReason(_ line: String) throws -> TimeTrackingIgnoreReason? {
        let before = state
        guard case .ignored(let reason) = try apply(line) else { return nil }
        #expect(state == before)
        return reason
    }

    /// The live entry `id`.
    func entry(_ id: String) throws -> TimeEntry { try #require(state.entry(id)) }

    /// The tombstone `id`.
    func tombstone(_ id: String) throws -> TimeEntryTombstone { try #require(state.entries[id]?.tombstone) }

    /// The action a line holds.
    static func action(_ line: String) throws -> TimeTrackingAction {
        try read(line).get().action
    }

    /// What the domain reads from a line.
    static func read(_ line: String) -> Result<PlaybookEntry<TimeTrackingAction>, PlaybookLineError> {
        Array(line.utf8).withUnsafeBytes { TimeTrackingDomain().readLine($0) }
    }
}

/// A time from its RFC 3339 text.
func time(_ text: String) throws -> Timestamp { try Timestamp(parsing: text) }

/// Lines of the time tracker's messages, built from their parts.
enum Line {
    static func start(_ id: String, at: String, workspace: Int = 1, extra: String = "") -> String {
        #"{"type":"timeEntries/start","payload":{"id":"\#(id)","at":"\#(at)","workspaceId":\#(workspace)\#(extra)}}"#
    }

    static func stop(_ id: String, at: String) -> String {
        #"{"type":"timeEntries/stop","payload":{"id":"\#(id)","at":"\#(at)"}}"#
    }

    static func `continue`(_ id: String, as newId: String, at: String) -> String {
        #"{"type":"timeEntries/continue","payload":{"id":"\#(id)","newId":"\#(newId)","at":"\#(at)"}}"#
    }

    static func put(_ id: String, at: String, _ fields: String = "") -> String {
        #"{"type":"timeEntries/put","payload":{"id":"\#(id)","at":"\#(at)"\#(fields.isEmpty ? "" : ",")\#(fields)}}"#
    }

    static func remove(_ ids: [String], at: String) -> String {
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"type":"timeEntries/remove","payload":{"ids":[\#(list)],"at":"\#(at)"}}"#
    }

    static func ack(_ id: String, _ kind: String, remoteId: Int, sent: String, serverAt: String) -> String {
        #"{"type":"sync/ack","payload":{"id":"\#(id)","kind":"\#(kind)","remoteId":\#(remoteId),"sentModifiedAt":"\#(sent)","serverAt":"\#(serverAt)"}}"#
    }

    static func reject(_ id: String, status: Int, message: String? = nil) -> String {
        let text = message.map { #","message":"\#($0)""# } ?? ""
        return #"{"type":"sync/reject","payload":{"id":"\#(id)","status":\#(status)\#(text)}}"#
    }

    static func serverChanges(at: String, _ entries: [String]) -> String {
        #"{"type":"sync/serverChanges","payload":{"at":"\#(at)","entries":[\#(entries.joined(separator: ","))]}}"#
    }

    /// One server record; `fields` adds or replaces keys (`"projectId":3`, `"deletedAt":"…"`).
    static func server(_ remoteId: Int, start: String, stop: String? = nil, at: String, _ fields: String = "")
        -> String
    {
        var keys: [(String, String)] = [
            ("remoteId", "\(remoteId)"), ("description", #""server""#), ("workspaceId", "1"), ("projectId", "null"),
            ("taskId", "null"), ("billable", "false"), ("tags", "[]"), ("start", #""\#(start)""#),
            ("stop", stop.map { #""\#($0)""# } ?? "null"), ("at", #""\#(at)""#),
        ]
        for field in fields.split(separator: ",", omittingEmptySubsequences: true) where field.contains(":") {
            let parts = field.split(separator: ":", maxSplits: 1).map(String.init)
            let key = parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            keys.removeAll { $0.0 == key }
            keys.append((key, parts[1]))
        }
        return "{" + keys.map { #""\#($0.0)":\#($0.1)"# }.joined(separator: ",") + "}"
    }
}
