import Foundation
import RxChainDevice
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
