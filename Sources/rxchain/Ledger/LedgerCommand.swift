import Foundation
import Ledger
import RxChainDevice
import RxChainJSON
import RxChainRemotes

/// `rxchain ledger …`: the expense ledger, from playbooks and from a local store.
///
/// `--store DIR` and `--wait SECONDS` are forwarded options of the group: they may come
/// before the subcommand (`rxchain ledger --store DIR add …`) or after it; every store
/// subcommand declares them.
enum LedgerCommand {
    static let group = CommandGroup(
        name: "ledger", summary: "an expense ledger: replay playbooks, record changes in a local store",
        discussion: """
            A store is a directory; DIR/queue/ holds this device's changes, in order, until
            they are synced; DIR/remote.json names the playbook it syncs with (set by
            'sync --remote URL'); DIR/sync/ holds its copy of that playbook. One process
            writes a store at a time; only 'sync' and 'compact' talk to the remote.
            """,
        forwardedOptions: [storeOption, waitOption],
        subcommands: [
            ReplayCommand(domain: LedgerDomain()), LedgerAddCommand(), LedgerEditCommand(), LedgerDeleteCommand(),
            LedgerCategoriesCommand(), LedgerListCommand(), LedgerApplyCommand(), LedgerSyncCommand(),
            LedgerStatusCommand(), LedgerCompactCommand(), LedgerWatchCommand(),
        ])

    static let storeOption = CommandSignature.Option.value(
        "store", placeholder: "DIR",
        help:
            "the local store's directory (created by a change or by a first sync given a remote or a server); required")
    static let waitOption = CommandSignature.Option.value(
        "wait", placeholder: "SECONDS",
        help: "how long to wait for another process to release the store, 0 to 86400 (default 10)")
    static let atOption = CommandSignature.Option.value(
        "at", placeholder: "TIMESTAMP", help: "when the change happened, RFC 3339 (default: now, UTC)")

    /// How commands open a store: the remembered remote, never sending in the background
    /// (only `sync` talks to the remote).
    static var offline: DeviceOptions {
        var options = DeviceOptions()
        options.startsOnline = false
        return options
    }

    /// Opens the store named by `--store` (created when missing, unless `mustExist`), runs
    /// `work` on it, closes it.
    ///
    /// A ``Rejection`` thrown by `work` is reported as `rejected: …` with exit 1; a busy
    /// store as the lock that is held.
    static func withDevice(
        _ arguments: ParsedArguments, context: CommandContext, options: DeviceOptions = offline,
        mustExist: Bool = false, _ work: @escaping @Sendable (LedgerDevice) async throws -> ExitCode
    ) throws -> ExitCode {
        var options = options
        options.s3Credentials = S3Credentials(environment: context.environment)
        options.s3Region = S3Credentials.region(environment: context.environment)
        options.serverSessions = ServerSessionStore(environment: context.environment)
        return try StoreCommand.run(
            arguments, context: context, mustExist: mustExist,
            open: { [options] directory, lockWait in
                try await LedgerDevice.open(directory: directory, options: options, lockWait: lockWait)
            },
            close: { await $0.close() }, work)
    }

    /// The longest `--wait` accepted, in seconds: one day.
    static let maximumWait: Double = 86_400

    /// `--wait`, in seconds (default 10): a decimal number from 0 to ``maximumWait``.
    static func waitSeconds(_ arguments: ParsedArguments) throws(UsageError) -> Double {
        try arguments.decimal("wait", in: 0...maximumWait) ?? 10
    }

    /// `--charge`, when given: a decimal amount (`12.5`, `-3`), never hex, NaN or infinite.
    static func charge(_ arguments: ParsedArguments) throws(UsageError) -> Double? {
        try arguments.decimal("charge")
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
