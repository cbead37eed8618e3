import Foundation
import Ledger
import RxChainCore
import RxChainJSON

/// `rxchain ledger --store DIR apply FILE.ndjson`: records each action of a file as a local action, in order.
///
/// The file is read by ``NDJSONReader``, with the line rules `replay` follows: lines end at
/// `\n` (CRLF too), blank lines are skipped silently, a line that is not valid UTF-8 is
/// rejected. Every line is a playbook line (`actionId` is ignored; the store's queue gives
/// each action its own key). A line that is not valid UTF-8, not an action, or that the
/// rules reject is reported on stderr with its line number and skipped, the other lines are
/// still recorded, and the exit code is then 1. The file is complete, so a last line
/// without a newline is read like any other. A file that cannot be read is an error naming
/// it, before anything is recorded.
struct LedgerApplyCommand: Command {
    let name = "apply"
    let summary = "record every action of an NDJSON file in the store, in order"
    let signature = CommandSignature(
        options: [DeviceCommands.storeOption, DeviceCommands.waitOption],
        arguments: [.required("FILE", help: "NDJSON, one playbook line per action")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (complete, torn) = try NDJSONReader.readFile(atPath: arguments.argument("FILE")!)
        let lines = complete + (torn.map { [$0] } ?? [])
        let terminal = context.terminal
        let command = context.commandLine
        return try LedgerCommand.withDevice(arguments, context: context) { device in
            var applied = 0
            var skipped = 0
            for line in lines {
                let text: String
                switch line.content {
                case .blank:
                    continue
                case .invalidUTF8(let error):
                    skipped += 1
                    terminal.writeErrorLine("\(command): \(error)")
                    continue
                case .text(let lineText):
                    text = lineText
                }
                switch ActionParser.parse(text) {
                case .failure(let error):
                    skipped += 1
                    terminal.writeErrorLine("\(command): line \(line.number): \(error)")
                case .success(let entry):
                    do {
                        try await device.record(entry.action)
                        applied += 1
                    } catch let rejection as Rejection {
                        skipped += 1
                        terminal.writeErrorLine("\(command): line \(line.number): rejected: \(rejection)")
                    }
                }
            }
            try terminal.writeLine("applied \(applied), skipped \(skipped)")
            return skipped == 0 ? .success : .failure
        }
    }
}
