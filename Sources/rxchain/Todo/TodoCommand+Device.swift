import Foundation
import RxChainCore
import RxChainDevice
import RxChainRemotes
import TodoLists

extension TodoCommand {
    /// A device of the TODO lists: its store holds what one user's device holds.
    typealias Device = TodoListsDevice

    typealias Replicated = TodoListsDomain

    var name: String { "todo" }
    var replay: any Command { TodoReplayCommand() }

    func rules(viewer: String) -> TodoListsDomain { TodoListsDomain(viewer: viewer) }

    func watchView(of state: ServerLogState<TodoListsDomain>, user: String?) -> String {
        var view = TodoListsView(state.state)
        let visible = Set(state.state.visibleListIDs)
        view.items = view.items.filter { visible.contains($0.key) }  // a hidden list's items are not news
        return view.text
    }

    /// Opens the store named by `--store` (see ``ServerLogCommandDomain/withStoreDevice(_:context:_:)``).
    static func withDevice(
        _ arguments: ParsedArguments, context: CommandContext,
        _ work: @escaping @Sendable (Device) async throws -> ExitCode
    ) throws -> ExitCode {
        try TodoCommand().withStoreDevice(arguments, context: context, work)
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
