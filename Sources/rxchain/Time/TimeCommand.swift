import Foundation
import RxChainCore
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import TimeTracking

/// `rxchain time …`: the time tracker (Toggl's model): a local store whose changes travel to a
/// time-entry server (`rxchain-server`) as REST requests through the durable queue, and the
/// replay of its message logs. The device verbs are every domain's (``DeviceCommands``); the
/// tracker's own are in `TimeCommand+Verbs.swift`.
struct TimeCommand: DeviceCommandDomain {
    let name = "time"
    let summary = "a time tracker: start and stop entries, sync them with a server, replay its logs"
    let discussion = """
        A store is a directory: DIR/state.json holds the entries (each with its sync state:
        createPending, updatePending or synced, and any sync error), DIR/queue/ the requests
        not yet answered by the server, DIR/server.json the server and user ('sync --remote URL
        --user NAME' sets them, signed in with 'rxchain account login'), DIR/pull.json where the
        next pull starts. Every change is recorded offline and sent by 'sync' (or 'watch').

        A replayed log holds the tracker's messages, one {"type":…,"payload":{…}} per line:
        local changes (timeEntries/start, stop, continue, put, remove) and the server's answers
        (sync/ack, sync/reject, sync/serverChanges).
        """
    let remoteHelp = StoreCommand.serverRemoteHelp
    var replay: any Command { ReplayCommand(domain: TimeTrackingDomain()) }

    func checkRemote(_ remote: RemoteArguments, context: CommandContext) throws(UsageError) {
        _ = try StoreCommand.serverSetting(remote)
    }

    func open(directory: URL, remote: RemoteArguments?, lockWait: Duration, context: CommandContext) async throws
        -> TimeTrackingDevice
    {
        try await TimeTrackingDevice.open(
            directory: directory, domain: TimeTrackingClient(), setting: try remote.map(StoreCommand.serverSetting),
            sessions: ServerSessionStore(environment: context.environment), retry: DeviceCommands.retry,
            lockWait: lockWait)
    }

    func watchView(of state: TimeTrackingState, user: String?) -> String {
        TimeTrackingDomain().lines(state).joined(separator: "\n")
    }
}

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
