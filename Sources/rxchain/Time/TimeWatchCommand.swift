import Foundation
import RxChainDevice
import RxChainJSON

/// `rxchain time watch [--interval SECONDS]`: a live view of the entries and their sync states
/// that follows the server until Ctrl-C: one sync, then each queued change sent as it comes and
/// a long-polling pull (the server answers as soon as one of the user's entries changes, or after
/// SECONDS), the view redrawn after each.
///
/// A failed sync or pull is shown and tried again after a backoff (nothing is lost). SIGINT or
/// SIGTERM stops it cleanly: exit 0.
struct TimeWatchCommand: Command {
    let name = "watch"
    let summary = "a live view of the entries that follows the server's changes until Ctrl-C"
    let signature = CommandSignature(
        options: [
            LedgerCommand.storeOption, LedgerCommand.waitOption,
            .value(
                "interval", placeholder: "SECONDS",
                help: "the longest the server holds each pull waiting for a change (default 25, at most 30)"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let interval = try arguments.value("interval", as: Int.self) ?? 25
        guard (1...30).contains(interval) else {
            throw UsageError("option '--interval' expects 1 <= SECONDS <= 30")
        }
        let terminal = context.terminal
        return try TimeCommand.withDevice(arguments, context: context, mustExist: true) { device in
            guard device.client != nil else { throw DeviceError.noRemote(store: device.directory.path) }
            let follower = Task {
                try await device.follow(interval: .seconds(interval)) { event in
                    let status: String
                    switch event {
                    case .synced, .received: status = "synced at \(Timestamp.now())"
                    case .unreachable(let reason, let retryIn), .syncFailed(let reason, let retryIn):
                        status = "sync failed (retrying in \(retryIn.components.seconds) s): \(reason)"
                    }
                    let table = TimeRendering.table(await device.state)
                    // Clear the screen, then the table and the status line.
                    try? terminal.writeLine("\u{1B}[H\u{1B}[2J" + table + "\n\n" + status.escapingControlCharacters)
                }
            }
            let stop = StopSignals { follower.cancel() }
            defer { stop.cancel() }
            try await follower.value
            return .success
        }
    }
}
