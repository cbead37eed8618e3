import RxChainDevice

/// `rxchain todo --store DIR watch`: a live view of the lists, their items and the requests,
/// redrawn whenever the state changes, with the sync status, until Ctrl-C.
///
/// The device follows the server (``ServerLogDevice/follow(wait:onEvent:)``): a sync at start,
/// then each change another device makes arrives through the user's feed, with backoff while
/// the server is away. SIGINT or SIGTERM stops it cleanly: the running request is cancelled
/// (what was not confirmed stays queued), the store is closed, exit 0.
struct TodoWatchCommand: Command {
    let name = "watch"
    let summary = "a live view of the lists that follows the server until Ctrl-C"
    let signature = CommandSignature(options: TodoCommand.storeOptions())

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            guard let setting = device.setting else {
                throw CommandFailure("\(DeviceError.noRemote(store: device.directory.path))")
            }
            let view = TodoWatchView(terminal: terminal, title: "\(setting.user) on \(setting.server)")
            await view.bind(to: device.store)
            let follow = Task {
                try await device.follow { await view.show($0) }
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
