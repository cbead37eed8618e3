import Foundation
import RxChainCore

/// `rxchain queue archive-quarantine DIR [--wait SECONDS]`: moves a queue's quarantined
/// lines to a dated file beside them, so commands stop warning about them.
///
/// Nothing is deleted: the lines stay, byte for byte, in `DIR/quarantine-<date>.jsonl`,
/// and the command prints that path. It takes the queue's lock (a store in use by another
/// process makes it wait up to `--wait`, then name the lock's owner).
struct QueueArchiveQuarantineCommand: Command {
    let name = "archive-quarantine"
    let summary = "move a queue's quarantined lines to a dated file beside them (nothing is deleted)"
    let signature = CommandSignature(
        options: [
            .value(
                "wait", placeholder: "SECONDS",
                help: "how long to wait for another process to release the queue (default 10)")
        ],
        arguments: [.required("DIR", help: "the queue's directory (a store's is DIR/queue)")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let directory = URL(fileURLWithPath: arguments.argument("DIR")!).standardizedFileURL
        let seconds = try arguments.value("wait", as: Double.self) ?? 10
        guard seconds >= 0, seconds.isFinite else {
            throw UsageError.invalidValue(String(seconds), option: "wait", expected: "a non-negative number")
        }
        let archive: QuarantineArchive?
        do {
            archive = try AsyncBridge.run {
                try await SyncQueue.archiveQuarantine(
                    directory: directory, lockWait: .milliseconds(Int64(seconds * 1000)))
            }
        } catch {
            context.terminal.writeErrorLine("rxchain queue archive-quarantine: \(error)")
            return .failure
        }
        guard let archive else {
            try context.terminal.writeLine("no quarantined records in \(directory.path)")
            return .success
        }
        let records = archive.count == 1 ? "1 quarantined record" : "\(archive.count) quarantined records"
        try context.terminal.writeLine(
            "moved \(records) to \(archive.file.path) (kept there; they will not sync, and commands stop warning)")
        return .success
    }
}
