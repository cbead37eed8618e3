import Foundation
import RxChainCore
import RxChainDevice
import RxChainLogs
import RxChainRemotes

/// `rxchain ledger --store DIR sync [--remote URL [--endpoint URL | --user NAME]] [--json]`: one
/// whole sync with the store's playbook.
///
/// Downloads what other devices appended, appends this store's pending actions (each
/// line carrying its `actionId`), lets the queue acknowledge them, and prints what
/// happened. `--remote` (a `file://` URL, a path, `s3://bucket/key` for one object or
/// `s3://bucket/prefix/` for the segmented layout, `http://HOST:PORT/logs/NAME` for a log of an
/// RxChain server, signed in with the session of `rxchain account login`, `--user` choosing
/// among several) and `--endpoint`
/// (the S3 service; AWS in `AWS_REGION` when omitted) are remembered in the store
/// (`DIR/remote.json`); a different remote starts a fresh copy of the new playbook
/// (pending actions go to it). S3 requests are signed with `AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN`) for `AWS_REGION` (default
/// `us-east-1`; `auto` for R2), read from the environment of every run and never saved
/// or printed.
///
/// The upload retries conflicts and transient errors with a short backoff and gives up
/// after ``maxFailures`` failed sends in a row, or at once on an error retrying will not
/// fix (wrong credentials, a missing bucket), so the command always finishes: exit 0
/// when everything pending was acknowledged, 1 otherwise (the reason on stderr; nothing
/// is lost, the actions stay queued).
struct LedgerSyncCommand: Command {
    let name = "sync"
    let summary = "download the playbook's new lines and upload this store's pending actions"
    let signature = CommandSignature(
        options: [
            LedgerCommand.storeOption, LedgerCommand.waitOption,
            .value(
                "remote", placeholder: "URL",
                help:
                    "the playbook to sync with: a file:// URL, a path, s3://bucket/key, s3://bucket/prefix/ "
                    + "or http://HOST:PORT/logs/NAME on an rxchain-server (remembered in the store)"),
            .value(
                "endpoint", placeholder: "URL",
                help: "with an s3:// remote: the S3 service, e.g. http://127.0.0.1:9000 (default: AWS in AWS_REGION)"),
            .value(
                "user", placeholder: "NAME",
                help: "with an http:// remote: whose session signs in, when several are kept (remembered)"),
            .flag("json", help: "print the report as one JSON object"),
        ])

    /// What `sync --json` prints: one object, camelCase keys as in `status --json`, dates in RFC 3339.
    struct View: Encodable {
        var location: String
        var linesDownloaded: Int
        var linesUploaded: Int
        var recoveredActions: Int
        var ignoredActions: [LedgerStatusCommand.View.Ignored]
        var pendingCount: Int
        var lineCount: Int
        var revision: String

        init(_ report: SyncReport) {
            let details = report.playbook!
            location = report.remote
            linesDownloaded = details.linesDownloaded
            linesUploaded = details.linesUploaded
            recoveredActions = details.recoveredActions
            ignoredActions = details.ignoredActions.map {
                LedgerStatusCommand.View.Ignored(
                    actionId: $0.key, type: $0.tag, reason: $0.reason, payload: $0.payload,
                    at: $0.at.formatted(.iso8601))
            }
            pendingCount = report.pending
            lineCount = details.lineCount
            revision = details.revision.rawValue
        }
    }

    /// Failed sends in a row before the command gives up.
    static let maxFailures = 8

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        var options = LedgerCommand.offline
        options.retry = RetryPolicy(base: .milliseconds(50), cap: .seconds(1))
        let endpoint = arguments.value("endpoint")
        if let location = arguments.value("remote") {
            do {
                options.remote = try RemoteSetting(
                    parsing: location, endpoint: endpoint,
                    region: S3Credentials.region(environment: context.environment), user: arguments.value("user"))
            } catch let error as PlaybookRemoteError {
                if case .invalidEndpoint = error {
                    throw UsageError("option '--endpoint' expects http(s)://host[:port] with an s3:// remote: \(error)")
                }
                throw UsageError(
                    "option '--remote' expects a file:// URL, a path, s3://bucket/key, s3://bucket/prefix/ or "
                        + "http://HOST:PORT/logs/NAME: \(error)")
            } catch let error as ServerClientError {
                throw UsageError("option '--user': \(error)")
            }
        } else if endpoint != nil {
            throw UsageError("option '--endpoint' needs '--remote s3://bucket/key'")
        } else if arguments.value("user") != nil {
            throw UsageError("option '--user' needs '--remote http://HOST:PORT/logs/NAME'")
        }
        let json = arguments.flag("json")
        let terminal = context.terminal
        // A new store syncs once it is given a remote; without one, only an existing store has one.
        return try LedgerCommand.withDevice(
            arguments, context: context, options: options, mustExist: options.remote == nil
        ) { device in
            StoreWarnings.writeQuarantine(for: device.sync.queue, to: terminal)
            let report = try await device.syncNow(maxFailures: Self.maxFailures)
            if json {
                try terminal.writeJSON(View(report))
            } else {
                for line in Self.lines(report) { try terminal.writeLine(line.escapingControlCharacters) }
            }
            return .success
        }
    }

    /// The report as text, one fact a line.
    static func lines(_ report: SyncReport) -> [String] {
        let view = View(report)
        var lines = [
            "synced with \(report.remote)",
            "downloaded \(plural(view.linesDownloaded, "line")), uploaded \(plural(view.linesUploaded, "line"))",
        ]
        if view.recoveredActions > 0 {
            lines.append("already uploaded (answer lost earlier): \(plural(view.recoveredActions, "action"))")
        }
        for ignored in view.ignoredActions {
            lines.append("ignored \(ignored.actionId) \(ignored.type): \(ignored.reason)")
        }
        lines.append("playbook: \(plural(view.lineCount, "line")) read; pending: \(view.pendingCount)")
        return lines
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
