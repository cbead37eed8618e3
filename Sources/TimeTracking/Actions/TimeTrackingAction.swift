import RxChainCore
import RxChainJSON
import RxChainLogs

/// A message of the time tracker, in the log's own vocabulary: one line
/// `{"type":…,"payload":{…}}`.
///
/// | case | type | origin |
/// | --- | --- | --- |
/// | ``start(_:)`` | `timeEntries/start` | local |
/// | ``stop(id:at:)`` | `timeEntries/stop` | local |
/// | ``continueEntry(id:newId:at:)`` | `timeEntries/continue` | local |
/// | ``put(_:)`` | `timeEntries/put` | local |
/// | ``remove(ids:at:)`` | `timeEntries/remove` | local |
/// | ``ack(_:)`` | `sync/ack` | the server's answer |
/// | ``reject(_:)`` | `sync/reject` | the server's answer |
/// | ``serverChanges(_:)`` | `sync/serverChanges` | the server's change feed |
///
/// Apply them with ``TimeTrackingRules/apply(_:to:)``. Every time is RFC 3339 (fractions and
/// offsets allowed) and compares as an instant; a time an entry's `start` or `stop` could not
/// hold (outside years 0000–9999 in UTC) is refused when read, naming its field.
public enum TimeTrackingAction: Sendable, Hashable {
    /// `timeEntries/start`: stop the running entry, start a new one.
    case start(EntryStart)
    /// `timeEntries/stop`: stop the running entry `id`.
    case stop(id: String, at: Timestamp)
    /// `timeEntries/continue`: start a new entry `newId` copying the finished entry `id`.
    case continueEntry(id: String, newId: String, at: Timestamp)
    /// `timeEntries/put`: create an entry or change its fields.
    case put(EntryPut)
    /// `timeEntries/remove`: delete entries.
    case remove(ids: [String], at: Timestamp)
    /// `sync/ack`: the server accepted a request.
    case ack(SyncAck)
    /// `sync/reject`: the server turned a request down.
    case reject(SyncReject)
    /// `sync/serverChanges`: the server's changes since the last fetch.
    case serverChanges(ServerChanges)

    /// The line's `type`.
    public var tag: MessageTag {
        switch self {
        case .start: Self.startTag
        case .stop: Self.stopTag
        case .continueEntry: Self.continueTag
        case .put: Self.putTag
        case .remove: Self.removeTag
        case .ack: Self.ackTag
        case .reject: Self.rejectTag
        case .serverChanges: Self.serverChangesTag
        }
    }

    /// Whether the message is a local change (persisted, becomes requests), not a server answer.
    public var isLocal: Bool {
        switch self {
        case .start, .stop, .continueEntry, .put, .remove: true
        case .ack, .reject, .serverChanges: false
        }
    }

    /// `timeEntries/start`.
    public static let startTag: MessageTag = "timeEntries/start"
    /// `timeEntries/stop`.
    public static let stopTag: MessageTag = "timeEntries/stop"
    /// `timeEntries/continue`.
    public static let continueTag: MessageTag = "timeEntries/continue"
    /// `timeEntries/put`.
    public static let putTag: MessageTag = "timeEntries/put"
    /// `timeEntries/remove`.
    public static let removeTag: MessageTag = "timeEntries/remove"
    /// `sync/ack`.
    public static let ackTag: MessageTag = "sync/ack"
    /// `sync/reject`.
    public static let rejectTag: MessageTag = "sync/reject"
    /// `sync/serverChanges`.
    public static let serverChangesTag: MessageTag = "sync/serverChanges"

    /// Every type, local messages first.
    public static let tags: [MessageTag] = [
        startTag, stopTag, continueTag, putTag, removeTag, ackTag, rejectTag, serverChangesTag,
    ]

    /// Why this action could never be applied, naming the field, or `nil`: an empty id, or a
    /// time an entry could not hold (only actions built in code; reading refuses such lines).
    public var validationError: PlaybookLineError? {
        func empty(_ field: String) -> PlaybookLineError {
            PlaybookLineError(field: field, detail: "must not be empty")
        }
        func badTime(_ field: String, _ time: Timestamp) -> PlaybookLineError? {
            time.hasFourDigitUTCYear
                ? nil : PlaybookLineError(field: field, detail: "\"\(time)\" is outside years 0000–9999 in UTC")
        }
        switch self {
        case .start(let start):
            return start.id.isEmpty ? empty("payload.id") : badTime("payload.at", start.at)
        case .stop(let id, let at):
            return id.isEmpty ? empty("payload.id") : badTime("payload.at", at)
        case .continueEntry(let id, let newId, let at):
            if id.isEmpty { return empty("payload.id") }
            return newId.isEmpty ? empty("payload.newId") : badTime("payload.at", at)
        case .put(let put):
            if put.id.isEmpty { return empty("payload.id") }
            if let problem = badTime("payload.at", put.at) { return problem }
            if let start = put.start, let problem = badTime("payload.start", start) { return problem }
            if case .set(let stop) = put.stop { return badTime("payload.stop", stop) }
            return nil
        case .remove(let ids, let at):
            if let index = ids.firstIndex(where: \.isEmpty) { return empty("payload.ids.\(index)") }
            return badTime("payload.at", at)
        case .ack(let ack):
            return ack.id.isEmpty ? empty("payload.id") : nil
        case .reject(let reject):
            return reject.id.isEmpty ? empty("payload.id") : nil
        case .serverChanges(let changes):
            if let problem = badTime("payload.at", changes.at) { return problem }
            for (index, entry) in changes.entries.enumerated() {
                if let problem = badTime("payload.entries.\(index).start", entry.start) { return problem }
                if let stop = entry.stop {
                    if let problem = badTime("payload.entries.\(index).stop", stop) { return problem }
                    if stop.seconds < entry.start.seconds {
                        return PlaybookLineError(field: "payload.entries.\(index).stop", detail: "before start")
                    }
                }
            }
            return nil
        }
    }
}
