import TimeTracking

/// The time tracker in the terminal: its table.
extension TimeTrackingDomain: TerminalDomain {
    var jsonShape: String { #"{"entries":{id:entry},"running":id|null}"# }

    /// The entries as aligned columns (by start, then id; tombstones last), then which runs.
    /// Control characters in ids, descriptions and errors are escaped.
    func lines(_ state: TimeTrackingState) -> [String] {
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
        let running = state.running.map(\.escapingControlCharacters) ?? "(nothing)"
        return TextTable.lines(rows) + ["", "running: \(running)"]
    }
}
