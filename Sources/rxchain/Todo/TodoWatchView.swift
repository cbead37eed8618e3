import Foundation
import RxChainCore
import RxChainDevice
import TodoLists

/// The view model of `rxchain todo watch`: the lists of the device's store and the sync
/// status, redrawn as one frame whenever either changes.
///
/// Bound to the store through a ``StoreBinding``: the state arrives as a distinct slice, on this
/// actor, in order. Sync events come from the follow loop.
actor TodoWatchView {
    private let terminal: Terminal
    private let isTerminal: Bool
    private let title: String
    private var state: TodoListsState?
    private var status = "connecting…"
    private var binding:
        StoreBinding<ServerLogState<TodoListsDomain>, ServerLogMessage<TodoListsDomain>, ServerLogRequest>?

    init(terminal: Terminal, title: String) {
        self.terminal = terminal
        self.title = title
        isTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// Binds the view to the device's store: every distinct state redraws.
    func bind(to store: TodoCommand.Device.Store) {
        let binding = StoreBinding(store: store)
        binding.bind(\ServerLogState<TodoListsDomain>.state, on: self) { view, state in
            view.state = state
            view.redraw()
        }
        self.binding = binding
    }

    /// Shows what the follow loop reports.
    func show(_ event: FollowEvent) {
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false))
        switch event {
        case .synced(let report):
            status = "synced \(time): \(report.received) received, \(report.pending) pending"
        case .received(let count):
            status = "updated \(time): \(count) received"
        case .unreachable(let reason, let retryIn), .syncFailed(let reason, let retryIn):
            let (seconds, attoseconds) = retryIn.components
            let delay = String(format: "%.1fs", Double(seconds) + Double(attoseconds) / 1e18)
            status = "server unreachable \(time): \(reason) (retrying in \(delay))"
        }
        redraw()
    }

    /// Ends the binding and leaves the cursor on a fresh line.
    func finish() {
        binding?.unbindAll()
        binding = nil
        try? terminal.writeLine(isTerminal ? "" : "stopped")
    }

    private func redraw() {
        guard let state else { return }
        var frame = isTerminal ? "\u{1B}[H\u{1B}[2J" : "---\n"
        frame += "watching \(title)  (Ctrl-C to quit)\n".escapingControlCharacters
        frame += status.escapingControlCharacters + "\n\n"
        var view = TodoListsView(state)
        let visible = Set(state.visibleListIDs)
        view.items = view.items.filter { visible.contains($0.key) }  // a hidden list's items are not news
        frame += view.text
        try? terminal.writeLine(frame)
    }
}
