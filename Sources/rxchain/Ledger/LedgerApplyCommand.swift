import Foundation
import Ledger
import RxChain

/// `rxchain ledger --store DIR apply FILE.ndjson`: records each action of a file as a local action, in order.
///
/// Every line is a playbook line (`actionId` is ignored; the store's queue gives each
/// action its own key). Blank lines are skipped silently; a line that is not an action, or
/// that the rules reject, is reported on stderr with its line number and skipped, and the
/// exit code is then 1. A last line without a newline is read like any other.
struct LedgerApplyCommand: Command {
    let name = "apply"
    let summary = "record every action of an NDJSON file in the store, in order"
    let signature = CommandSignature(
        options: [LedgerCommand.storeOption, LedgerCommand.waitOption],
        arguments: [.required("FILE", help: "NDJSON, one playbook line per action")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let file = URL(fileURLWithPath: arguments.argument("FILE")!)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        var split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if split.last == "" { split.removeLast() }
        let lines = split
        let terminal = context.terminal
        let command = context.commandLine
        return try LedgerCommand.withDevice(arguments, context: context) { device in
            var applied = 0
            var skipped = 0
            for (index, line) in lines.enumerated() {
                if line.allSatisfy({ $0.isWhitespace }) { continue }
                switch ActionParser.parse(line) {
                case .failure(let error):
                    skipped += 1
                    terminal.writeErrorLine("\(command): line \(index + 1): \(error)")
                case .success(let entry):
                    do {
                        try await device.record(entry.action)
                        applied += 1
                    } catch let rejection as Rejection {
                        skipped += 1
                        terminal.writeErrorLine("\(command): line \(index + 1): rejected: \(rejection)")
                    }
                }
            }
            try terminal.writeLine("applied \(applied), skipped \(skipped)")
            return skipped == 0 ? .success : .failure
        }
    }
}
