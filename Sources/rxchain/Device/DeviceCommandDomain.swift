import Foundation
import RxChainCore
import RxChainDevice

/// A domain as the terminal's device verbs see it: how its store opens and how its state shows
/// under a `watch` frame. ``DeviceCommands`` gives every such domain the same `sync`, `status`,
/// `watch`, `replay` and `dead-letters`; the domain adds only its own verbs.
protocol DeviceCommandDomain: Sendable {
    /// The domain the store's ``Device`` holds.
    associatedtype Replicated: ReplicatedDomain

    /// The group's word: `ledger`, `time`, `todo`, `expenses`.
    var name: String { get }

    /// What `sync --remote` takes for this domain, for `--help`.
    var remoteHelp: String { get }

    /// Checks what `sync` was given to sync with, before anything is opened.
    ///
    /// - Throws: ``UsageError`` naming the option at fault.
    func checkRemote(_ remote: RemoteArguments, context: CommandContext) throws(UsageError)

    /// Opens the device of the store in `directory` (created when missing), remembering `remote`
    /// when given; waits up to `lockWait` for another process that holds the store.
    ///
    /// - Throws: ``CommandFailure`` when the store cannot be opened as asked (a store of the
    ///   server domains names no user); the device's errors.
    func open(directory: URL, remote: RemoteArguments?, lockWait: Duration, context: CommandContext) async throws
        -> Device<Replicated>

    /// The domain's view under a `watch` frame's header, user text escaped.
    func watchView(of state: Replicated.AppState, user: String?) -> String

    /// `replay`: the domain's state rebuilt from a file of its log.
    var replay: any Command { get }

    /// Lines `status` prints after the device's own, about how this kind of store replicates
    /// (read without the store's lock); none by default.
    func statusDetails(directory: URL) -> [String]
}

extension DeviceCommandDomain {
    func statusDetails(directory: URL) -> [String] { [] }

    /// Opens the store of `--store` (see ``StoreCommand``), runs `work` on its device, closes it.
    ///
    /// - Parameter mustExist: whether a store that does not exist is refused (exit 1, nothing
    ///   created) instead of created.
    func withDevice(
        _ arguments: ParsedArguments, context: CommandContext, remote: RemoteArguments? = nil,
        mustExist: Bool = false, _ work: @escaping @Sendable (Device<Replicated>) async throws -> ExitCode
    ) throws -> ExitCode {
        try StoreCommand.run(
            arguments, context: context, mustExist: mustExist,
            open: { directory, lockWait in
                try await open(directory: directory, remote: remote, lockWait: lockWait, context: context)
            },
            close: { await $0.close() }, work)
    }
}
