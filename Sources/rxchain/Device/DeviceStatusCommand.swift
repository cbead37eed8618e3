import Foundation
import RxChainDevice

/// `rxchain D --store DIR status [--json]`: where the store stands with its remote, the same in
/// every domain.
///
/// Reads the store's files without its lock, so it answers at once while another process (a
/// `watch`, a `sync`) holds the store. A store that does not exist yet, or holds nothing, is
/// `local` with nothing pending; nothing is created. Exit 0 whenever the store could be read.
struct DeviceStatusCommand<Domain: DeviceCommandDomain>: Command {
    let domain: Domain
    let name = "status"
    let summary = "where the store stands: remote, state, pending changes, dead letters, last sync and error"
    var signature: CommandSignature {
        CommandSignature(
            options: [
                DeviceCommands.storeOption, DeviceCommands.waitOption,
                .flag(
                    "json",
                    help:
                        #"print {"domain","store","remote","user","state","pending","deadLetters","lastSyncAt","lastErrorAt","lastError"}"#
                ),
            ],
            discussion: """
                state: local (no remote), synced, pending (changes wait for 'sync'), failing (the
                last sync failed) or offline (the last sync could not reach the remote).
                """)
    }

    /// What `status --json` prints: every key, absent values as null, times in RFC 3339.
    struct View: Encodable {
        var domain: String
        var store: String
        @ExplicitNull var remote: String?
        @ExplicitNull var user: String?
        var state: String
        var pending: Int
        var deadLetters: [DeadLetterView]
        @ExplicitNull var lastSyncAt: String?
        @ExplicitNull var lastErrorAt: String?
        @ExplicitNull var lastError: String?

        init(domain: String, status: DeviceStatus) {
            self.domain = domain
            store = status.store
            remote = status.remote
            user = status.user
            state = status.state.rawValue
            pending = status.pending
            deadLetters = status.deadLetters.map(DeadLetterView.init)
            lastSyncAt = status.lastSyncAt.map(DeadLetterView.timestamp)
            lastErrorAt = status.lastErrorAt.map(DeadLetterView.timestamp)
            lastError = status.lastError
        }

        /// The status for people, one fact a line.
        var lines: [String] {
            var lines = [
                "store:        \(store)",
                "remote:       \(remote.map { "\($0)\(user.map { " as \($0)" } ?? "")" } ?? "none (give one with: sync --remote URL)")",
                "state:        \(state)",
                "pending:      \(pending)",
                "dead letters: \(deadLetters.count)",
            ]
            lines += deadLetters.map { "  \($0.line)" }
            lines.append("last sync:    \(lastSyncAt ?? "never")")
            lines.append("last error:   \(lastError.map { "\(lastErrorAt ?? "?"): \($0)" } ?? "none")")
            return lines
        }
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let directory = try StoreCommand.storeDirectory(arguments)
        _ = try StoreCommand.waitSeconds(arguments)  // accepted like every store command's, unused: no lock
        try StoreCommand.checkStore(directory, mustExist: false)  // a file, a loop: named; nothing: local
        let status: DeviceStatus
        do {
            status = try DeviceStatus.read(directory: directory)
        } catch {
            throw CommandFailure("cannot read the store \(directory.path): \(error)")
        }
        let queueDirectory = Device<Domain.Replicated>.queueDirectory(of: directory)
        if let warning = StoreWarnings.quarantine(count: status.quarantined, queueDirectory: queueDirectory) {
            context.terminal.writeErrorLine(warning)
        }
        let view = View(domain: domain.name, status: status)
        let lines = view.lines + domain.statusDetails(directory: directory.standardizedFileURL)
        try Answer(lines, json: view).write(to: context.terminal, json: arguments.flag("json"))
        return .success
    }
}
