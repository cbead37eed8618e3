import Foundation
import RxChainCore
import RxChainDevice
import RxChainRemotes
import TodoLists

extension TodoCommand {
    /// A device of the TODO lists: its store holds what one user's device holds.
    typealias Device = TodoListsDevice

    /// Opens the store named by `--store` as the user of `--user` (or the one it remembers),
    /// runs `work` on it, closes it.
    ///
    /// `--server` and `--user` come together and are saved in the store; a store without them
    /// is refused (exit 1): the user is whose fold the device shows. Problems found on opening
    /// are written to stderr as warnings.
    static func withDevice(
        _ arguments: ParsedArguments, context: CommandContext,
        _ work: @escaping @Sendable (Device) async throws -> ExitCode
    ) throws -> ExitCode {
        let directory = try LedgerCommand.storeDirectory(arguments)
        let given = try StoreCommand.setting(arguments)
        try LedgerCommand.checkStore(directory, mustExist: false)
        let saved: ServerSetting?
        do {
            saved = try ServerSetting.saved(in: directory)
        } catch {
            throw CommandFailure("\(error)")
        }
        guard let user = (given ?? saved)?.user else {
            throw CommandFailure("\(DeviceError.noRemote(store: directory.standardizedFileURL.path))")
        }
        let sessions = ServerSessionStore(environment: context.environment)
        let terminal = context.terminal
        return try StoreCommand.run(
            arguments, context: context,
            open: { directory, lockWait in
                let device = try await Device.open(
                    directory: directory, domain: TodoListsDomain(viewer: user), setting: given, sessions: sessions,
                    retry: RetryPolicy(base: .milliseconds(50), cap: .seconds(1)), lockWait: lockWait)
                for problem in device.problemsOnOpen {
                    terminal.writeErrorLine("\(context.commandLine): warning: \(problem)".escapingControlCharacters)
                }
                return device
            },
            close: { await $0.close() }, work)
    }

    /// Records `action` as a new entry of `log` made by the device's user, with `id` (a new
    /// one by default); returns once it is durably queued.
    @discardableResult
    static func record(_ action: TodoAction, in log: TodoLog, id: String = newID(), on device: Device)
        async throws -> TodoEntry
    {
        try await device.record(action, in: log, id: id)
    }

    /// A new id for an entry, a list or an item (``TodoListsDevice/newID()``).
    static func newID() -> String {
        Device.newID()
    }

    /// Tells the user the change waits in the queue until `sync`.
    static func writeQueued(_ device: Device, to terminal: Terminal) throws {
        let pending = device.sync.queue.pendingCount
        try terminal.writeLine(
            "queued: \(pending) change\(pending == 1 ? "" : "s") waiting for 'rxchain todo sync'")
    }
}
