import Foundation
import Ledger
import RxChainCore
import RxChainDevice
import RxChainLogs

/// `rxchain ledger --store DIR status [--json]`: the store's sync status.
///
/// Reads without taking the store's lock (so it answers while another process syncs):
/// the pending actions from the queue's log, the remote from `DIR/remote.json`, and the
/// last sync's outcome from `DIR/sync/sync-status.json`. `--wait` is accepted and unused.
struct LedgerStatusCommand: Command {
    let name = "status"
    let summary = "print the store's pending actions and how its last sync went"
    let signature = CommandSignature(
        options: [
            LedgerCommand.storeOption, LedgerCommand.waitOption,
            .flag("json", help: "print one JSON object (dates in RFC 3339, absent ones null)"),
        ])

    /// What `status --json` prints.
    struct View: Encodable {
        var store: String
        var remote: String?
        var pending: Int
        var deadLetters: Int
        /// Queue lines in quarantine (they will not sync), and those the next open moves there.
        var quarantined: Int
        var lastSyncStartedAt: String?
        var lastSyncSucceededAt: String?
        var lastSyncFailedAt: String?
        var lastError: String?
        var lastLinesDownloaded: Int
        var lastLinesUploaded: Int
        var linesDownloaded: Int
        var linesUploaded: Int
        var lineCount: Int
        var revision: String
        var recoveredActions: Int
        var ignoredCount: Int
        var ignoredActions: [Ignored]
        var resetReason: String?
        var deviceId: String?
        var deviceIdChanges: [DeviceIdChange]

        struct DeviceIdChange: Encodable {
            var from: String
            var to: String
            var reason: String
            var at: String
        }

        struct Ignored: Encodable {
            var actionId: String
            var type: String
            var reason: String
            var payload: String
            var at: String
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // Absent values are written as null, so scripts can rely on every key.
            try container.encode(store, forKey: .store)
            try container.encode(remote, forKey: .remote)
            try container.encode(pending, forKey: .pending)
            try container.encode(deadLetters, forKey: .deadLetters)
            try container.encode(quarantined, forKey: .quarantined)
            try container.encode(lastSyncStartedAt, forKey: .lastSyncStartedAt)
            try container.encode(lastSyncSucceededAt, forKey: .lastSyncSucceededAt)
            try container.encode(lastSyncFailedAt, forKey: .lastSyncFailedAt)
            try container.encode(lastError, forKey: .lastError)
            try container.encode(lastLinesDownloaded, forKey: .lastLinesDownloaded)
            try container.encode(lastLinesUploaded, forKey: .lastLinesUploaded)
            try container.encode(linesDownloaded, forKey: .linesDownloaded)
            try container.encode(linesUploaded, forKey: .linesUploaded)
            try container.encode(lineCount, forKey: .lineCount)
            try container.encode(revision, forKey: .revision)
            try container.encode(recoveredActions, forKey: .recoveredActions)
            try container.encode(ignoredCount, forKey: .ignoredCount)
            try container.encode(ignoredActions, forKey: .ignoredActions)
            try container.encode(resetReason, forKey: .resetReason)
            try container.encode(deviceId, forKey: .deviceId)
            try container.encode(deviceIdChanges, forKey: .deviceIdChanges)
        }

        enum CodingKeys: String, CodingKey {
            case store, remote, pending, deadLetters, lastSyncStartedAt, lastSyncSucceededAt, lastSyncFailedAt
            case quarantined
            case lastError, lastLinesDownloaded, lastLinesUploaded, linesDownloaded, linesUploaded, lineCount
            case revision, recoveredActions, ignoredCount, ignoredActions, resetReason, deviceId, deviceIdChanges
        }
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let directory = try LedgerCommand.storeDirectory(arguments).standardizedFileURL
        _ = try LedgerCommand.waitSeconds(arguments)
        try LedgerCommand.checkStore(directory, mustExist: true)
        let view = try Self.view(of: directory)
        let queueDirectory = LedgerDevice.queueDirectory(of: directory)
        if let warning = StoreWarnings.quarantine(count: view.quarantined, queueDirectory: queueDirectory) {
            context.terminal.writeErrorLine(warning)
        }
        if arguments.flag("json") {
            try context.terminal.writeJSON(view)
        } else {
            for line in Self.lines(view) { try context.terminal.writeLine(line.escapingControlCharacters) }
        }
        return .success
    }

    static func view(of directory: URL) throws -> View {
        let remote = try RemoteSetting.saved(in: directory)
        let queue: QueueInspection?
        do {
            queue = try SyncQueue.inspect(directory: LedgerDevice.queueDirectory(of: directory))
        } catch SyncQueueError.notAQueue {
            queue = nil  // nothing was ever recorded
        }
        var status =
            PlaybookTransport<LedgerDomain>.savedStatus(directory: LedgerDevice.syncDirectory(of: directory))
            ?? PlaybookSyncStatus(location: remote?.remoteLocation ?? "")
        if let remote, status.location != remote.remoteLocation {
            status = PlaybookSyncStatus(location: remote.remoteLocation)
        }
        let date = { (date: Date?) in date?.formatted(.iso8601) }
        return View(
            store: directory.path, remote: remote?.location, pending: queue?.pending.count ?? 0,
            deadLetters: queue?.deadLetters.count ?? 0,
            quarantined: (queue?.quarantined.count ?? 0) + (queue?.unreadable.count ?? 0),
            lastSyncStartedAt: date(status.lastStartedAt),
            lastSyncSucceededAt: date(status.lastSucceededAt), lastSyncFailedAt: date(status.lastFailedAt),
            lastError: status.lastError, lastLinesDownloaded: status.lastLinesDownloaded,
            lastLinesUploaded: status.lastLinesUploaded, linesDownloaded: status.linesDownloaded,
            linesUploaded: status.linesUploaded, lineCount: status.lineCount, revision: status.revision.rawValue,
            recoveredActions: status.recoveredActions, ignoredCount: status.ignoredCount,
            ignoredActions: status.ignoredActions.map {
                View.Ignored(actionId: $0.key, type: $0.tag, reason: $0.reason, payload: $0.payload, at: date($0.at)!)
            },
            resetReason: status.resetReason, deviceId: queue?.deviceID ?? status.deviceID,
            deviceIdChanges: status.deviceIDChanges.map {
                View.DeviceIdChange(from: $0.from, to: $0.to, reason: $0.reason, at: date($0.at)!)
            })
    }

    static func lines(_ view: View) -> [String] {
        var lines = [
            "store:    \(view.store)",
            "remote:   \(view.remote ?? "none (set one with: sync --remote URL)")",
            "pending:  \(view.pending) action\(view.pending == 1 ? "" : "s")"
                + (view.deadLetters > 0 ? ", \(view.deadLetters) dead letters" : ""),
            "last sync started:   \(view.lastSyncStartedAt ?? "never")",
            "last sync succeeded: \(view.lastSyncSucceededAt ?? "never")",
            "last sync failed:    \(view.lastSyncFailedAt ?? "never")",
        ]
        if let error = view.lastError { lines.append("last error: \(error)") }
        lines.append(
            "lines: \(view.lineCount) read; last sync step downloaded \(view.lastLinesDownloaded), uploaded "
                + "\(view.lastLinesUploaded); in all downloaded \(view.linesDownloaded), uploaded \(view.linesUploaded)"
        )
        if view.recoveredActions > 0 { lines.append("already uploaded (answer lost): \(view.recoveredActions)") }
        if view.ignoredCount > 0 { lines.append("ignored actions: \(view.ignoredCount)") }
        for ignored in view.ignoredActions {
            lines.append("  \(ignored.actionId) \(ignored.type): \(ignored.reason) — \(ignored.payload)")
        }
        if let reason = view.resetReason { lines.append("local copy reset: \(reason)") }
        if let deviceId = view.deviceId { lines.append("device id: \(deviceId)") }
        for change in view.deviceIdChanges {
            lines.append("device id changed from \(change.from) to \(change.to) at \(change.at): \(change.reason)")
        }
        return lines
    }
}
