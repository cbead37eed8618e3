import Foundation

/// `rxchain time status [--json]`: the store's server, what is queued, dead letters, and the
/// running entry.
struct TimeStatusCommand: Command {
    let name = "status"
    let summary = "the store's server, queued requests, dead letters and running entry"
    let signature = CommandSignature(
        options: [
            LedgerCommand.storeOption, LedgerCommand.waitOption,
            .flag("json", help: #"print {"store","server","user","pending","deadLetters","running","unsynced"}"#),
        ])

    /// What `status --json` prints.
    struct View: Encodable {
        var store: String
        var server: String?
        var user: String?
        var pending: Int
        var deadLetters: Int
        var running: String?
        /// Entries not yet `synced` (pending, or held by a sync error).
        var unsynced: Int
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (json, terminal) = (arguments.flag("json"), context.terminal)
        return try TimeCommand.withDevice(arguments, context: context, mustExist: true) { device in
            let state = await device.state
            let unsynced = state.entries.values.filter { record in
                if case .live(let entry) = record { return entry.syncState != .synced }
                return true
            }
            let view = View(
                store: device.directory.path, server: device.setting?.server, user: device.setting?.user,
                pending: device.sync.queue.pendingCount, deadLetters: device.sync.queue.deadLetters.count,
                running: state.running, unsynced: unsynced.count)
            if json {
                try terminal.writeJSON(view)
            } else {
                try terminal.writeLine(
                    """
                    store: \(view.store)
                    server: \(view.server.map { "\($0) as \(view.user ?? "?")" } ?? "(none: sync --server URL --user NAME)")
                    pending requests: \(view.pending), dead letters: \(view.deadLetters)
                    unsynced entries: \(view.unsynced)
                    running: \(view.running ?? "(nothing)")
                    """)
            }
            return .success
        }
    }
}
