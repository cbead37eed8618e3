import Foundation
import TimeTracking

/// How the time tracker's state is printed: the spec's JSON object, or a table for people.
enum TimeRendering {
    /// The entries as aligned columns (by start, then id; tombstones last), then which runs.
    /// Control characters in ids, descriptions and errors are escaped.
    static func table(_ state: TimeTrackingState) -> String {
        let live = state.entries.values.compactMap(\.entry).sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        let tombstones = state.entries.values.compactMap(\.tombstone).sorted { $0.id < $1.id }
        var rows = [["ID", "START", "STOP", "REMOTE", "SYNC", "DESCRIPTION"]]
        for entry in live {
            rows.append([
                entry.id.escapingControlCharacters, entry.start.description, entry.stop?.description ?? "(running)",
                entry.remoteId.map(String.init) ?? "-",
                entry.syncState.rawValue + (entry.syncError.map { " (error: \($0.escapingControlCharacters))" } ?? ""),
                entry.description.escapingControlCharacters,
            ])
        }
        for tombstone in tombstones {
            rows.append([
                tombstone.id.escapingControlCharacters + " (deleted)", "-", "-",
                tombstone.remoteId.map(String.init) ?? "-", tombstone.syncState.rawValue, "",
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.indices.map {
                $0 == row.count - 1 ? row[$0] : row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        let running = state.running.map(\.escapingControlCharacters) ?? "(nothing)"
        return (lines + ["", "running: \(running)"]).joined(separator: "\n")
    }
}

/// The time tracker in the terminal: its JSON (the state's `Codable` form) and its table.
extension TimeTrackingDomain: TerminalDomain {
    var jsonShape: String { #"{"entries":{id:entry},"running":id|null}"# }

    func text(_ state: TimeTrackingState) -> String { TimeRendering.table(state) }
}
