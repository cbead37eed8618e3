import Foundation
import RxChainDevice
import RxChainLogs

/// A toy domain for the server-log device's tests: notes appended to server logs, the state the
/// list of `creator:text` in server order.
struct NotesDomain: ServerLogDomain {
    struct Note: Equatable, Sendable {
        var id: String
        var ts: UInt64?
        var log: String
        var creator: String
        var text: String
    }

    var emptyState: [String] { [] }
    func id(of note: Note) -> String { note.id }
    func order(of note: Note) -> UInt64? { note.ts }

    func apply(_ note: Note, to state: inout [String]) -> OrderedLogOutcome {
        guard !note.text.isEmpty else { return .skipped("an empty note") }
        state.append("\(note.creator):\(note.text)")
        return .applied
    }

    func outgoing(_ note: Note) -> (log: String, body: [UInt8]) {
        let body = try! JSONSerialization.data(withJSONObject: ["text": note.text], options: [.sortedKeys])
        return (note.log, Array(body))
    }

    func entry(from record: ServerLogRecord) -> Note? {
        guard record.log.hasSuffix("/notes"),
            let object = try? JSONSerialization.jsonObject(with: Data(record.body)) as? [String: Any],
            let text = object["text"] as? String
        else { return nil }
        return Note(id: record.id, ts: record.ts, log: record.log, creator: record.creator, text: text)
    }
}
