import Foundation

/// `rxchain expenses --store DIR watch`: a live view of the user's groups and balances that
/// follows the server (``ServerLogDevice/follow(wait:onEvent:)``) and redraws when operations
/// arrive, until Ctrl-C or SIGTERM, which end it with exit 0 (what was not confirmed stays
/// queued).
struct ExpensesWatchCommand: Command {
    let name = "watch"
    let summary = "a live view of your groups and balances that follows the server until Ctrl-C"
    var signature: CommandSignature { CommandSignature(options: ExpensesCommand.storeOptions) }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let terminal = context.terminal
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            let user = try device.actingUser()
            let isTerminal = isatty(STDOUT_FILENO) == 1
            let redraw: @Sendable (String) async -> Void = { status in
                let state = await device.state
                var frame = isTerminal ? "\u{1B}[H\u{1B}[2J" : "---\n"
                frame += "watching \(device.setting?.server ?? "?") as \(user)  (Ctrl-C to quit)\n"
                frame += status.escapingControlCharacters + "\n\n"
                frame +=
                    (ExpensesRendering.balanceLines(of: user, in: state)
                    + ExpensesRendering.spendingLines(of: user, in: state)).joined(separator: "\n")
                try? terminal.writeLine(frame)
            }
            await redraw("connecting…")
            let follow = Task {
                try await device.follow { event in
                    let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false))
                    switch event {
                    case .synced(let report):
                        await redraw("synced \(time): received \(report.received), pending \(report.pending)")
                    case .received(let count):
                        await redraw("received \(count) at \(time)")
                    case .unreachable(let reason, _), .syncFailed(let reason, _):
                        await redraw("server unreachable \(time): \(reason) (retrying)")
                    }
                }
            }
            let stop = StopSignals { follow.cancel() }
            defer { stop.cancel() }
            let outcome = await follow.result
            try? terminal.writeLine(isTerminal ? "" : "stopped")
            if case .failure(let error) = outcome, !(error is CancellationError) { throw error }
            return .success
        }
    }
}
