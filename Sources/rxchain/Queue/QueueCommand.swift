import Foundation
import RxChainCore

/// How `rxchain queue inspect DIR [--json]` shows a queue: pending requests, dead letters and
/// quarantined lines, as a table or as one JSON object (camelCase keys, like every `--json`
/// of `rxchain`; the schema is in README.md).
enum QueueCommand {
    static func table(_ inspection: QueueInspection) -> String {
        var lines = [
            "queue \(inspection.directory.path)",
            "device \(inspection.deviceID ?? "-")  next seq \(inspection.nextSeq)",
            "",
            "pending (\(inspection.pending.count))",
        ]
        lines += inspection.pending.map {
            "  \(pad($0.seq))  \($0.tag)  \(String(decoding: $0.payload, as: UTF8.self))"
        }
        lines += ["", "dead letters (\(inspection.deadLetters.count))"]
        lines += inspection.deadLetters.map {
            "  \(pad($0.record.seq))  \($0.record.tag)  reason: \($0.reason)  \(String(decoding: $0.record.payload, as: UTF8.self))"
        }
        let quarantined = inspection.quarantined + inspection.unreadable
        lines += ["", "quarantined lines (\(quarantined.count))"]
        lines += inspection.quarantined.map { "  line \($0.lineNumber): \($0.reason)  \($0.text)" }
        lines += inspection.unreadable.map {
            "  line \($0.lineNumber) (moved on next open): \($0.reason)  \($0.text)"
        }
        if !quarantined.isEmpty {
            lines.append(
                "  (they will not sync; once dealt with: rxchain queue archive-quarantine \(inspection.directory.path))"
            )
        }
        if let torn = inspection.tornLine {
            lines += ["", "torn last line \(torn.lineNumber) (cut on next open): \(torn.reason)"]
        }
        return lines.map(\.escapingControlCharacters).joined(separator: "\n")
    }

    static func jsonText(_ inspection: QueueInspection) -> String {
        func record(_ record: QueueRecord) -> [String: Any] {
            let payload =
                (try? JSONSerialization.jsonObject(with: record.payload, options: .fragmentsAllowed))
                ?? NSNull()
            return ["seq": record.seq, "key": record.key, "tag": record.tag, "payload": payload]
        }
        func line(_ line: QuarantinedLine, pending: Bool) -> [String: Any] {
            ["line": line.lineNumber, "reason": line.reason, "text": line.text, "pendingMove": pending]
        }
        var object: [String: Any] = [
            "directory": inspection.directory.path,
            "deviceId": inspection.deviceID ?? NSNull(),
            "nextSeq": inspection.nextSeq,
            "pending": inspection.pending.map(record),
            "deadLetters": inspection.deadLetters.map {
                record($0.record).merging(["reason": $0.reason]) { $1 }
            },
            "quarantined": inspection.quarantined.map { line($0, pending: false) }
                + inspection.unreadable.map { line($0, pending: true) },
        ]
        if let torn = inspection.tornLine {
            object["tornLine"] = ["line": torn.lineNumber, "reason": torn.reason]
        }
        let data = try! JSONSerialization.data(
            withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    private static func pad(_ seq: UInt64) -> String {
        let text = String(seq)
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }
}
