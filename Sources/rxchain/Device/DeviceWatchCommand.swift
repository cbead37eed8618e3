import Foundation
import RxChainDevice

/// `rxchain D --store DIR watch [--interval SECONDS]`: a live view of the store that follows its
/// remote until Ctrl-C, the same in every domain (``WatchFrame``).
///
/// The store is held only while it syncs (``RxChainDevice/Device/watch(interval:retry:open:onEvent:)``):
/// `list` and `status` from another process answer meanwhile, and a change another process
/// records waits at most for the sync in progress, then goes out within SECONDS. Between syncs the
/// watch waits for the remote: a server answers at once when something changed; a playbook in a
/// directory or S3 is synced every SECONDS. Failures are shown in the frame and tried again with
/// the backoff. SIGINT or SIGTERM stops it cleanly: exit 0 (what was not sent stays queued).
struct DeviceWatchCommand<Domain: DeviceCommandDomain>: Command {
    let domain: Domain
    let name = "watch"
    let summary = "a live view of the store that follows its remote until Ctrl-C"
    var signature: CommandSignature {
        CommandSignature(options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .value(
                "interval", placeholder: "SECONDS",
                help: "the longest the watch waits before it syncs again, 1 to 300 (default 5)"),
        ])
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let interval = try arguments.decimal("interval", in: 1...300) ?? 5
        let directory = try StoreCommand.storeDirectory(arguments).standardizedFileURL
        let lockWait = Duration.milliseconds(Int64(try StoreCommand.waitSeconds(arguments) * 1000))
        try StoreCommand.checkStore(directory, mustExist: true)
        let frame = WatchFrame(
            domain: domain, directory: directory, terminal: context.terminal, title: context.commandLine)
        let domain = domain
        return try AsyncBridge.run {
            let watching = Task {
                try await Device<Domain.Replicated>.watch(
                    interval: .milliseconds(Int64(interval * 1000)), retry: DeviceCommands.retry,
                    open: {
                        try await domain.open(directory: directory, remote: nil, lockWait: lockWait, context: context)
                    },
                    onEvent: { event, state in await frame.show(event, state: state) })
            }
            let stop = StopSignals { watching.cancel() }
            defer { stop.cancel() }
            let outcome = await watching.result
            await frame.finish()
            if case .failure(let error) = outcome, !(error is CancellationError) { throw error }
            return .success
        }
    }
}
