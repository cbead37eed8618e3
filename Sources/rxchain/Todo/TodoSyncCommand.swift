import RxChainDevice

/// `rxchain todo --store DIR [--server URL --user NAME] sync [--json]`: one whole sync: sends
/// every queued change (entries, grants and revocations, in order), then reads what the server
/// holds for this user; prints the counts and each change the server refused.
///
/// Exit 0 when everything queued was sent (a refused change is reported, not retried: the
/// server will not change its mind); 1 when the store has no server, or the server could not
/// be reached or kept failing (the changes stay queued, nothing is lost).
struct TodoSyncCommand: Command {
    /// What `--json` prints.
    struct View: Encodable {
        var server: String
        var user: String
        var sent: Int
        var received: Int
        var pending: Int
        /// What the server refused in this sync: the entry's id (or `grant|revoke FAMILY USER`)
        /// and the reason.
        var refused: [String: String]
    }

    /// Failed sends in a row before the command gives up.
    static let maxFailures = 8

    let name = "sync"
    let summary = "send this device's changes to the server and receive everyone else's"
    let signature = CommandSignature(options: TodoCommand.storeOptions([TodoCommand.jsonOption]))

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            guard let setting = device.setting else {
                throw CommandFailure("\(DeviceError.noRemote(store: device.directory.path))")
            }
            let before = device.sync.queue.pendingCount
            let report = try await device.syncNow(maxFailures: Self.maxFailures)
            let refused = await device.store.state.refused
            let view = View(
                server: setting.server, user: setting.user, sent: before - report.pending, received: report.received,
                pending: report.pending, refused: refused)
            if json {
                try terminal.writeJSON(view)
                return .success
            }
            try terminal.writeLine(
                "synced with \(view.server) as \(view.user): sent \(view.sent), received \(view.received), "
                    + "pending \(view.pending)")
            for (name, reason) in refused.sorted(by: { $0.key < $1.key }) {
                try terminal.writeLine("refused \(name): \(reason)".escapingControlCharacters)
            }
            return .success
        }
    }
}
