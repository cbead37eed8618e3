import Foundation
import Ledger
import RxChainCore
import RxChainDevice
import RxChainJSON
import RxChainLogs
import RxChainRemotes

/// `rxchain ledger …`: the expense ledger, from playbooks and from a local store that syncs with
/// a shared playbook. The device verbs (`sync`, `status`, `watch`, `replay`, `dead-letters`) are
/// every domain's (``DeviceCommands``); the ledger adds its own changes and views
/// (`LedgerCommand+Verbs.swift`).
struct LedgerCommand: DeviceCommandDomain {
    static let atOption = CommandSignature.Option.value(
        "at", placeholder: "TIMESTAMP", help: "when the change happened, RFC 3339 (default: now, UTC)")
    static let typeOption = CommandSignature.Option.value(
        "type", placeholder: "TYPE", help: "CASH, CREDIT or TRANSFER")

    let name = "ledger"
    let summary = "an expense ledger: replay playbooks, record changes in a local store"
    let discussion = """
        A store is a directory; DIR/queue/ holds this device's changes, in order, until
        they are synced; DIR/remote.json names the playbook it syncs with (set by
        'sync --remote URL'); DIR/sync/ holds its copy of that playbook. One process
        writes a store at a time; only 'sync', 'watch' and 'compact' talk to the remote.
        """
    let remoteHelp = """
        the playbook to sync with: a file:// URL, a path, s3://bucket/key, s3://bucket/prefix/ (with \
        --endpoint for a service other than AWS), or http://HOST:PORT/logs/NAME on an rxchain-server \
        (signed in with 'rxchain account login'; --user chooses among several sessions). S3 requests are \
        signed with AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) for AWS_REGION \
        (default us-east-1; auto for R2), read from the environment of every run and never saved.
        """
    var replay: any Command { ReplayCommand(domain: LedgerDomain()) }

    func checkRemote(_ remote: RemoteArguments, context: CommandContext) throws(UsageError) {
        _ = try Self.setting(remote, context: context)
    }

    /// The playbook `remote` names.
    static func setting(_ remote: RemoteArguments, context: CommandContext) throws(UsageError) -> RemoteSetting {
        do {
            return try RemoteSetting(
                parsing: remote.location, endpoint: remote.endpoint,
                region: S3Credentials.region(environment: context.environment), user: remote.user)
        } catch let error as PlaybookRemoteError {
            if case .invalidEndpoint = error {
                throw UsageError("option '--endpoint' expects http(s)://host[:port] with an s3:// remote: \(error)")
            }
            throw UsageError(
                "option '--remote' expects a file:// URL, a path, s3://bucket/key, s3://bucket/prefix/ or "
                    + "http://HOST:PORT/logs/NAME: \(error)")
        } catch let error as ServerClientError {
            throw UsageError("option '--user': \(error)")
        } catch {
            throw UsageError("option '--remote': \(error)")
        }
    }

    /// Opens the store offline (only `sync` and `watch` talk to the remote), with the S3
    /// credentials and server sessions of the environment.
    func open(directory: URL, remote: RemoteArguments?, lockWait: Duration, context: CommandContext) async throws
        -> LedgerDevice
    {
        var options = DeviceOptions()
        options.startsOnline = false
        options.retry = DeviceCommands.retry
        options.s3Credentials = S3Credentials(environment: context.environment)
        options.s3Region = S3Credentials.region(environment: context.environment)
        options.serverSessions = ServerSessionStore(environment: context.environment)
        options.remote = try remote.map { try Self.setting($0, context: context) }
        return try await LedgerDevice.open(directory: directory, options: options, lockWait: lockWait)
    }

    /// The local copy of the playbook: a reset, the device id and its changes, ignored actions.
    func statusDetails(directory: URL) -> [String] {
        let sync = LedgerDevice.syncDirectory(of: directory)
        guard let status = PlaybookTransport<LedgerDomain>.savedStatus(directory: sync) else { return [] }
        var lines = ["playbook:     \(status.lineCount) lines read, revision \(status.revision.rawValue)"]
        if let reason = status.resetReason { lines.append("local copy reset: \(reason)") }
        if let id = status.deviceID { lines.append("device id:    \(id)") }
        for change in status.deviceIDChanges {
            lines.append(
                "device id changed from \(change.from) to \(change.to) at \(change.at.formatted(.iso8601)): \(change.reason)"
            )
        }
        for ignored in status.ignoredActions {
            lines.append("ignored \(ignored.key) \(ignored.tag): \(ignored.reason) — \(ignored.payload)")
        }
        return lines
    }

    func watchView(of state: LedgerState, user: String?) -> String {
        LedgerRendering.table(LedgerRendering.visible(state.replicated, includeDeleted: false))
            .joined(separator: "\n")
    }

    /// `--at`, or now.
    static func timestamp(_ arguments: ParsedArguments) throws(UsageError) -> Timestamp {
        guard let text = arguments.value("at") else { return .now() }
        do {
            return try Timestamp(parsing: text)
        } catch {
            throw UsageError("option '--at' expects an RFC 3339 date-time, got '\(text)' (\(error.reason))")
        }
    }

    /// `--type`, when given.
    static func transactionType(_ arguments: ParsedArguments) throws(UsageError) -> TransactionType? {
        guard let text = arguments.value("type") else { return nil }
        guard let type = TransactionType(rawValue: text) else {
            throw UsageError.invalidValue(text, option: "type", expected: "CASH, CREDIT or TRANSFER")
        }
        return type
    }
}
