import Foundation
import Ledger
import RxChainCore
import RxChainDevice

/// The view model of `rxchain ledger watch`: the ledger slice of the store and the sync status,
/// redrawn as one frame whenever either changes.
///
/// Bound to the store through a ``StoreBinding`` like any view model: the ledger arrives as a
/// distinct slice, on this actor, in order. Sync events come from the follow loop.
actor LedgerWatchView {
    private let terminal: Terminal
    private let isTerminal: Bool
    private let location: String
    private var ledger: ReplicatedLedger?
    private var status = "connecting…"
    private var binding: StoreBinding<LedgerState, LedgerDomain.AppMessage, LedgerDomain.Action>?

    init(terminal: Terminal, location: String) {
        self.terminal = terminal
        self.location = location
        isTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// Binds the view to the device's store: every distinct ledger redraws.
    func bind(to store: LedgerDevice.Store) {
        let binding = StoreBinding(store: store)
        binding.bind(\LedgerState.replicated, on: self) { view, ledger in
            view.ledger = ledger
            view.redraw()
        }
        self.binding = binding
    }

    /// Shows what the follow loop reports.
    func show(_ event: FollowEvent) {
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false))
        switch event {
        case .synced(let report):
            status = "synced \(time): \(report.received) down, \(report.sent) up, \(report.pending) pending"
        case .received(let count):
            status = "updated \(time): \(count) received"
        case .syncFailed(let reason, let retryIn):
            status = "sync failed \(time): \(reason) (retrying in \(Self.seconds(retryIn)))"
        case .unreachable(let reason, let retryIn):
            status = "server unreachable \(time): \(reason) (retrying in \(Self.seconds(retryIn)))"
        }
        redraw()
    }

    /// Ends the bindings and leaves the cursor on a fresh line.
    func finish() {
        binding?.unbindAll()
        binding = nil
        try? terminal.writeLine(isTerminal ? "" : "stopped")
    }

    private func redraw() {
        guard let ledger else { return }
        var frame = isTerminal ? "\u{1B}[H\u{1B}[2J" : "---\n"
        frame += "watching \(location)  (Ctrl-C to quit)\n"
        frame += status.escapingControlCharacters + "\n\n"
        frame += LedgerRendering.table(ledger, includeDeleted: false)
        try? terminal.writeLine(frame)
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1fs", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
