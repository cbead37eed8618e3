import Foundation
import RxChainCore
import RxChainDevice

/// A domain as the terminal sees it: its own verbs, how its store opens, how its state shows
/// under a `watch` frame. ``DeviceCommands/group(for:)`` gives every domain the same `replay`
/// (its own), `sync`, `status`, `watch` and `dead-letters`; the domain adds only ``verbs``.
protocol DeviceCommandDomain: Sendable {
    /// The domain the store's ``Device`` holds.
    associatedtype Replicated: ReplicatedDomain

    /// The domain's terminal side: it holds no state (``verb(_:_:options:arguments:prepare:)`` makes one).
    init()

    /// The group's word: `ledger`, `time`, `todo`, `expenses`.
    var name: String { get }
    /// The group's line in `rxchain --help`.
    var summary: String { get }
    /// The group's `--help` paragraphs: what a store holds, what a log line is.
    var discussion: String { get }

    /// The options every verb of ``verbs`` declares before its own (default: `--store`, `--wait`).
    var storeOptions: [CommandSignature.Option] { get }
    /// The options that may come before the verb (default: ``storeOptions``).
    var forwardedOptions: [CommandSignature.Option] { get }
    /// The domain's own verbs, in the order `--help` lists them (mostly ``StoreVerb``s).
    var verbs: [any Command] { get }
    /// `replay`: the domain's state rebuilt from a file of its log.
    var replay: any Command { get }

    /// What `sync --remote` takes for this domain, for `--help`.
    var remoteHelp: String { get }

    /// Checks what `sync` was given to sync with, before anything is opened.
    ///
    /// - Throws: ``UsageError`` naming the option at fault.
    func checkRemote(_ remote: RemoteArguments, context: CommandContext) throws(UsageError)

    /// The remote a verb's ``storeOptions`` name, checked (default: none).
    func storeRemote(_ arguments: ParsedArguments) throws(UsageError) -> RemoteArguments?

    /// Opens the device of the store in `directory` (created when missing), remembering `remote`
    /// when given; waits up to `lockWait` for another process that holds the store.
    ///
    /// - Throws: ``CommandFailure`` when the store cannot be opened as asked (a store of the
    ///   server domains names no user); the device's errors.
    func open(directory: URL, remote: RemoteArguments?, lockWait: Duration, context: CommandContext) async throws
        -> Device<Replicated>

    /// The domain's view under a `watch` frame's header, user text escaped.
    func watchView(of state: Replicated.AppState, user: String?) -> String

    /// Lines `status` prints after the device's own, about how this kind of store replicates
    /// (read without the store's lock); none by default.
    func statusDetails(directory: URL) -> [String]
}

extension DeviceCommandDomain {
    var storeOptions: [CommandSignature.Option] { [DeviceCommands.storeOption, DeviceCommands.waitOption] }
    var forwardedOptions: [CommandSignature.Option] { storeOptions }

    func storeRemote(_ arguments: ParsedArguments) throws(UsageError) -> RemoteArguments? { nil }

    func statusDetails(directory: URL) -> [String] { [] }

    /// Opens the store of `--store` (waiting `--wait` seconds for another process), runs `work`
    /// on its device, and closes it whatever happens.
    ///
    /// A command that records a change, or that is given what a new store needs (`--remote`,
    /// `--server`), creates a store that does not exist yet; one that only reads passes
    /// `mustExist` and refuses it with `no store at 'DIR'`, creating nothing. A ``Rejection``
    /// thrown by the work (a change the rules turn down, an invalid field) is reported as
    /// `rejected: …` with exit 1.
    func withDevice(
        _ arguments: ParsedArguments, context: CommandContext, remote: RemoteArguments? = nil,
        mustExist: Bool = false, _ work: @escaping @Sendable (Device<Replicated>) async throws -> ExitCode
    ) throws -> ExitCode {
        let directory = try StoreCommand.storeDirectory(arguments)
        let lockWait = Duration.milliseconds(Int64(try StoreCommand.waitSeconds(arguments) * 1000))
        try StoreCommand.checkStore(directory, mustExist: mustExist)
        do {
            return try AsyncBridge.run {
                let device = try await open(directory: directory, remote: remote, lockWait: lockWait, context: context)
                do {
                    let code = try await work(device)
                    await device.close()
                    return code
                } catch {
                    await device.close()
                    throw error
                }
            }
        } catch let rejection as Rejection {
            context.terminal.writeErrorLine("\(context.commandLine): rejected: \(rejection)")
            return .failure
        }
    }

    /// A verb of this domain: the store options (``storeOptions``), then `options`.
    static func verb(
        _ name: String, _ summary: String, options: [CommandSignature.Option] = [],
        arguments: [CommandSignature.Argument] = [],
        prepare: @escaping @Sendable (ParsedArguments, CommandContext) throws -> StoreWork<Replicated>
    ) -> StoreVerb<Self> {
        let domain = Self()
        return StoreVerb(
            domain: domain, name: name, summary: summary,
            signature: CommandSignature(options: domain.storeOptions + options, arguments: arguments), prepare: prepare)
    }
}
