import Foundation

/// `rxchain time sync [--server URL --user NAME]`: sends every queued request, then pulls what
/// changed on the server; the server and user are remembered in the store.
///
/// Exit 0 when every request was answered (refusals included: they show on their entries as a
/// sync error or are dead letters); 1 when the server could not be reached or kept failing
/// (nothing is lost: the requests stay queued), naming why.
struct TimeSyncCommand: Command {
    let name = "sync"
    let summary = "send the queued changes to the server and pull its changes"
    let signature = CommandSignature(
        options: [
            LedgerCommand.storeOption, LedgerCommand.waitOption,
            .value("server", placeholder: "URL", help: "the rxchain-server (remembered in the store)"),
            .value(
                "user", placeholder: "NAME", help: "the account, signed in with 'rxchain account login' (remembered)"),
            .flag("json", help: #"print {"pending","deadLetters","entries","running"}"#),
        ])

    /// What `sync --json` prints.
    struct View: Encodable {
        var pending: Int
        var deadLetters: Int
        var entries: Int
        var running: String?
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let setting = try StoreCommand.setting(arguments)
        let (json, terminal) = (arguments.flag("json"), context.terminal)
        // A new store syncs once it is given a server; without one, only an existing store has one.
        return try TimeCommand.withDevice(arguments, context: context, setting: setting, mustExist: setting == nil) {
            device in
            try await device.syncNow(maxFailures: 4)
            let state = await device.state
            let view = View(
                pending: device.sync.queue.pendingCount, deadLetters: device.sync.queue.deadLetters.count,
                entries: state.entries.count, running: state.running)
            if json {
                try terminal.writeJSON(view)
            } else {
                try terminal.writeLine(
                    "synced with \(device.setting?.server ?? "?"): \(view.entries) entries, \(view.pending) pending, "
                        + "\(view.deadLetters) dead letters")
            }
            return .success
        }
    }
}
