import Foundation
import RxChainDevice

/// The view model of every domain's `watch`: one frame, a header saying where the store stands
/// over the domain's view, redrawn after every sync, wait and failure.
///
/// The header (store, remote, state, pending changes, dead letters, last error) is read from the
/// store's status (``DeviceStatus``) after each event, so a failure is cleared as soon as a sync
/// succeeds; a wait that could not reach the remote shows until the next sync. Values in the
/// header are escaped, the frame's own line breaks are not; the domain's view escapes its user text.
actor WatchFrame<Domain: DeviceCommandDomain> {
    private let domain: Domain
    private let directory: URL
    private let terminal: Terminal
    private let isTerminal: Bool
    private let title: String

    init(domain: Domain, directory: URL, terminal: Terminal, title: String) {
        self.domain = domain
        self.directory = directory
        self.terminal = terminal
        self.title = title
        isTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// Redraws the frame for `event`, with the domain's view of `state`.
    func show(_ event: FollowEvent, state: Domain.Replicated.AppState) {
        guard var status = try? DeviceStatus.read(directory: directory) else { return }
        switch event {
        case .unreachable(let reason, let retryIn):
            status.state = .offline
            status.lastError = "\(reason) (trying again in \(Self.seconds(retryIn)))"
        case .syncFailed(let reason, let retryIn):
            status.lastError = "\(reason) (trying again in \(Self.seconds(retryIn)))"
        case .synced, .received:
            break
        }
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false))
        let header = [
            ("store", status.store),
            ("remote", status.remote.map { "\($0)\(status.user.map { " as \($0)" } ?? "")" } ?? "none"),
            ("state", "\(status.state.rawValue) at \(time)"),
            ("pending", "\(status.pending)"),
            ("dead letters", "\(status.deadLetters.count)"),
            ("last error", status.lastError ?? "none"),
        ]
        var frame = isTerminal ? "\u{1B}[H\u{1B}[2J" : "---\n"
        frame += "\(title)  (Ctrl-C to quit)\n"
        for (name, value) in header {
            frame +=
                (name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value.escapingControlCharacters + "\n"
        }
        frame += "\n" + domain.watchView(of: state, user: status.user)
        try? terminal.writeLine(frame)
    }

    /// Leaves the cursor on a fresh line (a terminal) or says the watch stopped (a pipe).
    func finish() {
        try? terminal.writeLine(isTerminal ? "" : "stopped")
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1fs", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
