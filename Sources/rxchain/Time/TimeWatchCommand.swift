import Foundation
import RxChain
import TimeTracking

/// `rxchain time watch [--interval SECONDS]`: a live view of the entries and their sync states
/// that syncs every few seconds (pushes the queue, pulls the server's changes) until Ctrl-C.
///
/// A failed sync is shown and tried again at the next tick (nothing is lost). SIGINT or SIGTERM
/// stops it cleanly: exit 0.
struct TimeWatchCommand: Command {
    let name = "watch"
    let summary = "a live view of the entries that syncs every few seconds until Ctrl-C"
    let signature = CommandSignature(
        options: [
            LedgerCommand.storeOption, LedgerCommand.waitOption,
            .value("interval", placeholder: "SECONDS", help: "seconds between syncs (default 3)"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let interval = try arguments.value("interval", as: Double.self) ?? 3
        guard interval > 0, interval <= 86_400 else {
            throw UsageError("option '--interval' expects 0 < SECONDS <= 86400")
        }
        let terminal = context.terminal
        return try TimeCommand.withDevice(arguments, context: context) { device in
            guard device.client != nil else { throw ServerLogDeviceError.noServer(store: device.directory.path) }
            let loop = Task {
                while !Task.isCancelled {
                    var status = "synced at \(Timestamp.now())"
                    do {
                        try await device.syncNow(maxFailures: 1)
                    } catch is CancellationError {
                        return
                    } catch {
                        status = "sync failed (retrying in \(interval) s): \(error)"
                    }
                    let table = TimeRendering.table(await device.state)
                    // Clear the screen, then the table and the status line.
                    try? terminal.writeLine("\u{1B}[H\u{1B}[2J" + table + "\n\n" + status.escapingControlCharacters)
                    try? await Task.sleep(for: .seconds(interval))
                }
            }
            let stop = StopSignals { loop.cancel() }
            defer { stop.cancel() }
            _ = await loop.result
            return .success
        }
    }
}
