import Dispatch
import Foundation
import RxChainDevice
import RxChainRemotes
import RxChainSystem

/// `rxchain ledger --store DIR watch [--interval SECONDS]`: a live view of the store that
/// redraws when another device's change arrives, with the sync status, until Ctrl-C.
///
/// With a server remote (`http://HOST:PORT/logs/NAME`) the store follows the server's feed
/// (``PlaybookDevice/follow(_:log:onEvent:)``): a sync at start, then one whenever the log
/// changes, with backoff while the server is away. With any other remote it syncs every
/// `--interval` seconds (default 5). SIGINT or SIGTERM stops it cleanly: the running sync is
/// cancelled (what was not acknowledged stays queued), the store is closed, exit 0.
struct LedgerWatchCommand: Command {
    let name = "watch"
    let summary = "a live view of the store that follows the remote until Ctrl-C"
    let signature = CommandSignature(
        options: [
            LedgerCommand.storeOption, LedgerCommand.waitOption,
            .value(
                "interval", placeholder: "SECONDS",
                help: "for a remote that is not a server: seconds between syncs (default 5)"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let interval = try arguments.value("interval", as: Double.self) ?? 5
        guard interval > 0, interval <= 86_400 else {
            throw UsageError("option '--interval' expects 0 < SECONDS <= 86400")
        }
        let terminal = context.terminal
        return try LedgerCommand.withDevice(arguments, context: context, mustExist: true) { device in
            guard let remote = device.remote else { throw DeviceError.noRemote(store: device.directory.path) }
            let view = LedgerWatchView(terminal: terminal, location: remote)
            await view.bind(to: device.store)
            let follow = Task {
                try await device.follow(interval: .seconds(interval)) { await view.show($0) }
            }
            let stop = StopSignals { follow.cancel() }
            defer { stop.cancel() }
            let outcome = await follow.result
            await view.finish()
            if case .failure(let error) = outcome, !(error is CancellationError) { throw error }
            return .success
        }
    }
}

/// SIGINT and SIGTERM, turned into one call of `handler` (on a dispatch queue) instead of the
/// process's death, for as long as the value lives.
final class StopSignals: Sendable {
    private let sources: Lock<[any DispatchSourceSignal]>

    init(_ handler: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "rxchain.stop-signals")
        sources = Lock(
            [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler(handler: handler)
                source.resume()
                return source
            })
    }

    /// Stops listening and gives the signals their default actions back.
    func cancel() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
        }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
