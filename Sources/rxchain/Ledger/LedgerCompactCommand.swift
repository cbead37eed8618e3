import Foundation
import RxChainDevice
import RxChainRemotes

/// `rxchain ledger --store DIR compact [--json]`: writes a checkpoint of the store's
/// segmented S3 playbook (`s3://bucket/prefix/`).
///
/// Uses the remote remembered in `DIR/remote.json` (set by `sync --remote`) and the
/// credentials `sync` uses (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
/// `AWS_SESSION_TOKEN`, `AWS_REGION`, read from the environment, never printed). Talks
/// only to the remote: the store is neither locked nor changed, so `--wait` is accepted
/// and unused. The checkpoint holds the bytes of every segment so far; no segment is
/// deleted, so devices that are behind still converge (see `RemoteSetting.compact(credentials:region:)`).
///
/// Exit 0 with the checkpoint's segment number and size (or "nothing to compact" for an
/// empty playbook); exit 1 when the store has no remote, its remote is not segmented, or
/// the remote fails (the reason on stderr).
struct LedgerCompactCommand: Command {
    let name = "compact"
    let summary = "write a checkpoint of the store's segmented S3 playbook (s3://bucket/prefix/)"
    let signature = CommandSignature(
        options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .flag("json", help: "print one JSON object: location, segment, key, bytes, created"),
        ])

    /// What `compact --json` prints; `segment`, `key` and `bytes` are null when nothing was compacted.
    struct View: Encodable {
        var location: String
        @ExplicitNull var segment: Int?
        @ExplicitNull var key: String?
        @ExplicitNull var bytes: Int?
        var created: Bool
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let directory = try StoreCommand.storeDirectory(arguments).standardizedFileURL
        _ = try StoreCommand.waitSeconds(arguments)
        try StoreCommand.checkStore(directory, mustExist: true)
        let terminal = context.terminal
        guard let setting = try RemoteSetting.saved(in: directory) else {
            terminal.writeErrorLine(
                "\(context.commandLine): the store has no remote; sync once with "
                    + "'sync --remote s3://bucket/prefix/ --endpoint URL' first")
            return .failure
        }
        guard setting.isSegmentedS3 else {
            terminal.writeErrorLine(
                "\(context.commandLine): only a segmented S3 playbook (s3://bucket/prefix/, ending in '/') can be "
                    + "compacted; this store syncs with \(setting.location)")
            return .failure
        }
        let credentials = S3Credentials(environment: context.environment)
        let region = S3Credentials.region(environment: context.environment)
        let checkpoint = try AsyncBridge.run { try await setting.compact(credentials: credentials, region: region) }
        let view = View(
            location: setting.remoteLocation, segment: checkpoint?.segment, key: checkpoint?.key,
            bytes: checkpoint?.byteCount, created: checkpoint?.wasCreated ?? false)
        try Answer([Self.line(view)], json: view).write(to: terminal, json: arguments.flag("json"))
        return .success
    }

    /// The outcome as one line of text.
    static func line(_ view: View) -> String {
        guard let segment = view.segment, let key = view.key, let bytes = view.bytes else {
            return "nothing to compact: \(view.location) has no segment yet"
        }
        let size = "\(bytes) byte\(bytes == 1 ? "" : "s")"
        return view.created
            ? "checkpoint written at segment \(segment): \(size) (\(key))"
            : "checkpoint already at segment \(segment): \(size) (\(key)); nothing new to compact"
    }
}
