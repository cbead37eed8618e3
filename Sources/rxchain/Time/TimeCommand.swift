import Foundation
import RxChainCore
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import TimeTracking

/// `rxchain time …`: the time tracker (Toggl's model): a local store whose changes travel to a
/// time-entry server (`rxchain-server`) as REST requests through the durable queue, and the
/// replay of its message logs. The device verbs are every domain's (``DeviceCommands``).
struct TimeCommand: DeviceCommandDomain {
    static let group = DeviceCommands.group(
        for: TimeCommand(),
        summary: "a time tracker: start and stop entries, sync them with a server, replay its logs",
        discussion: """
            A store is a directory: DIR/state.json holds the entries (each with its sync state:
            createPending, updatePending or synced, and any sync error), DIR/queue/ the requests
            not yet answered by the server, DIR/server.json the server and user ('sync --remote URL
            --user NAME' sets them, signed in with 'rxchain account login'), DIR/pull.json where the
            next pull starts. Every change is recorded offline and sent by 'sync' (or 'watch').

            A replayed log holds the tracker's messages, one {"type":…,"payload":{…}} per line:
            local changes (timeEntries/start, stop, continue, put, remove) and the server's answers
            (sync/ack, sync/reject, sync/serverChanges).
            """,
        verbs: [
            TimeStartCommand(), TimeStopCommand(), TimeContinueCommand(), TimeEditCommand(), TimeDeleteCommand(),
            TimeListCommand(),
        ])

    typealias Device = TimeTrackingDevice

    let name = "time"
    let remoteHelp = StoreCommand.serverRemoteHelp
    var replay: any Command { ReplayCommand(domain: TimeTrackingDomain()) }

    func checkRemote(_ remote: RemoteArguments, context: CommandContext) throws(UsageError) {
        _ = try StoreCommand.serverSetting(remote)
    }

    func open(directory: URL, remote: RemoteArguments?, lockWait: Duration, context: CommandContext) async throws
        -> Device
    {
        try await Device.open(
            directory: directory, domain: TimeTrackingClient(), setting: try remote.map(StoreCommand.serverSetting),
            sessions: ServerSessionStore(environment: context.environment), retry: DeviceCommands.retry,
            lockWait: lockWait)
    }

    func watchView(of state: TimeTrackingState, user: String?) -> String {
        TimeRendering.table(state)
    }

    /// Opens the store named by `--store` (created when missing, unless `mustExist`), runs
    /// `work`, closes it. A ``Rejection`` (a change the rules ignore, an invalid field) is
    /// `rejected: …`, exit 1.
    static func withDevice(
        _ arguments: ParsedArguments, context: CommandContext, mustExist: Bool = false,
        _ work: @escaping @Sendable (Device) async throws -> ExitCode
    ) throws -> ExitCode {
        try TimeCommand().withDevice(arguments, context: context, mustExist: mustExist, work)
    }

    /// `--at`, or now.
    static func time(_ arguments: ParsedArguments) throws(UsageError) -> Timestamp {
        guard let text = arguments.value("at") else { return .now() }
        do {
            return try Timestamp(parsing: text)
        } catch {
            throw UsageError("option '--at' \(error): \(String(reflecting: text))")
        }
    }

    /// `--tags a,b`, when given (empty names dropped).
    static func tags(_ arguments: ParsedArguments) -> [String]? {
        arguments.value("tags").map { $0.split(separator: ",").map(String.init).filter { !$0.isEmpty } }
    }

    /// An integer option, when given (`--project 7`).
    static func integer(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Int? {
        try arguments.integer(name, in: 1...Int.max)
    }

    static let atOption = CommandSignature.Option.value(
        "at", placeholder: "TIMESTAMP", help: "when it happened, RFC 3339 (default: now)")
}
