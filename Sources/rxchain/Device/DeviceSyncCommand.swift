import Foundation
import RxChainCore
import RxChainDevice

/// `rxchain D --store DIR sync [--remote URL [--user NAME] [--endpoint URL]] [--json]`: one whole
/// sync with the store's remote, the same in every domain.
///
/// Sends every queued change, receives what other devices did, and prints
/// `synced with REMOTE: sent N, received N, pending N`. A change the remote refused for good in
/// this sync is a dead letter: printed on stderr with its reason (`dead-letters` retries or drops
/// it). On a terminal, a progress line shows each failed try while the sync tries again.
///
/// Exit 0 when everything was sent; 1 when a change was refused in this sync, or the sync gave
/// up after ``DeviceCommands/maxFailures`` failed tries (`sync failed after N attempts: REASON`;
/// nothing is lost: the changes stay queued), or at once on what retrying will not fix.
struct DeviceSyncCommand<Domain: DeviceCommandDomain>: Command {
    let domain: Domain
    let name = "sync"
    let summary = "send this store's changes to its remote and receive everyone else's"
    var signature: CommandSignature {
        CommandSignature(
            options: [DeviceCommands.storeOption, DeviceCommands.waitOption] + RemoteArguments.options + [
                .flag("json", help: #"print {"remote","sent","received","pending","deadLetters":[…]}"#)
            ],
            discussion: "--remote: \(domain.remoteHelp)")
    }

    /// What `sync --json` prints.
    struct View: Encodable {
        var remote: String
        var sent: Int
        var received: Int
        var pending: Int
        /// The dead letters this sync made.
        var deadLetters: [DeadLetterView]
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let remote = try RemoteArguments.parse(arguments)
        if let remote { try domain.checkRemote(remote, context: context) }
        let (json, terminal) = (arguments.flag("json"), context.terminal)
        // A new store syncs once it is given a remote; without one, only an existing store has one.
        return try domain.withDevice(arguments, context: context, remote: remote, mustExist: remote == nil) { device in
            StoreWarnings.writeQuarantine(for: device.sync.queue, to: terminal)
            let report: SyncReport
            do {
                report = try await device.syncNow(maxFailures: DeviceCommands.maxFailures) { retry in
                    terminal.writeProgress(
                        "sync: try \(retry.attempt) of \(retry.maxAttempts) failed (\(retry.reason)); trying again…")
                }
                terminal.writeProgress(nil)
            } catch {
                terminal.writeProgress(nil)
                throw error
            }
            let at = Date()
            let letters = report.deadLetters.map { DeadLetterView($0, at: at) }
            let view = View(
                remote: report.remote, sent: report.sent, received: report.received, pending: report.pending,
                deadLetters: letters)
            let synced = "synced with \(report.remote): sent \(report.sent), received \(report.received), "
            let lines = [synced + "pending \(report.pending)"] + (report.playbook.map(Self.lines) ?? [])
            try Answer(lines, json: view).write(to: terminal, json: json)
            for letter in letters {
                terminal.writeErrorLine("\(context.commandLine): \(letter.line)")
            }
            return letters.isEmpty ? .success : .failure
        }
    }

    /// What a sync with a playbook did besides sending and receiving, one fact a line.
    static func lines(_ details: PlaybookSyncDetails) -> [String] {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var lines = [
            "downloaded \(plural(details.linesDownloaded, "line")), uploaded \(plural(details.linesUploaded, "line"))"
        ]
        if details.recoveredActions > 0 {
            lines.append("already uploaded (answer lost earlier): \(plural(details.recoveredActions, "action"))")
        }
        for ignored in details.ignoredActions {
            lines.append("ignored \(ignored.key) \(ignored.tag): \(ignored.reason)")
        }
        lines.append("playbook: \(plural(details.lineCount, "line")) read")
        return lines
    }
}
