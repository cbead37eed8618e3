import Foundation
import RxChain

/// `rxchain queue inspect DIR [--json]`: shows a queue's pending requests, dead letters and quarantined lines.
///
/// Read-only (no lock, no repair), so it is safe on a queue another process has open.
/// Exit codes: 0 shown, 1 the directory is not a readable queue, 2 usage error.
enum QueueCommand {
    static let usage = """
        usage: rxchain queue inspect DIR [--json]

        Shows the queue in DIR: pending requests, dead letters and quarantined lines,
        as a table or (with --json) as one JSON object. Reads only; safe while the queue is open.
        """

    static func run(arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let json = arguments.contains("--json")
        let rest = arguments.filter { $0 != "--json" }
        guard rest.count == 2, rest[0] == "inspect", !rest[1].hasPrefix("-") else {
            let problem = rest.first.map {
                $0 == "inspect" ? "inspect needs one directory" : "unknown subcommand '\($0)'"
            }
            FileHandle.standardError.write(
                Data("rxchain queue: \(problem ?? "missing subcommand")\n\n\(usage)\n".utf8))
            return 2
        }
        do {
            let inspection = try SyncQueue.inspect(directory: URL(fileURLWithPath: rest[1]))
            print(json ? jsonText(inspection) : table(inspection))
            return 0
        } catch {
            FileHandle.standardError.write(Data("rxchain queue: \(error)\n".utf8))
            return 1
        }
    }

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
        return lines.joined(separator: "\n")
    }

    static func jsonText(_ inspection: QueueInspection) -> String {
        func record(_ record: QueueRecord) -> [String: Any] {
            let payload =
                (try? JSONSerialization.jsonObject(with: record.payload, options: .fragmentsAllowed))
                ?? NSNull()
            return ["seq": record.seq, "key": record.key, "tag": record.tag, "payload": payload]
        }
        func line(_ line: QuarantinedLine, pending: Bool) -> [String: Any] {
            ["line": line.lineNumber, "reason": line.reason, "text": line.text, "pending_move": pending]
        }
        var object: [String: Any] = [
            "directory": inspection.directory.path,
            "device_id": inspection.deviceID ?? NSNull(),
            "next_seq": inspection.nextSeq,
            "pending": inspection.pending.map(record),
            "dead_letters": inspection.deadLetters.map {
                record($0.record).merging(["reason": $0.reason]) { $1 }
            },
            "quarantined": inspection.quarantined.map { line($0, pending: false) }
                + inspection.unreadable.map { line($0, pending: true) },
        ]
        if let torn = inspection.tornLine {
            object["torn_line"] = ["line": torn.lineNumber, "reason": torn.reason]
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
