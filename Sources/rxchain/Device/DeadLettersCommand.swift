import Foundation
import RxChainDevice

/// `rxchain D --store DIR dead-letters [list | retry ID | drop ID [--yes]] [--json]`: the changes
/// the remote refused for good, the same in every domain.
///
/// - `list` (the default) prints each with its id, type, reason and when it was refused; it reads
///   without the store's lock, like `status`.
/// - `retry ID` puts it back among the pending changes (after fixing what the remote refused:
///   a membership, an account); the next `sync` sends it.
/// - `drop ID --yes` gives it up for good: it leaves the store and is never sent.
///
/// Exit 0 when done; 1 when the store holds no dead letter ID; 2 for `drop` without `--yes`.
struct DeadLettersCommand<Domain: DeviceCommandDomain>: Command {
    let domain: Domain
    let name = "dead-letters"
    let summary = "list the changes the remote refused for good, retry one or drop one"
    var signature: CommandSignature {
        CommandSignature(
            options: [
                DeviceCommands.storeOption, DeviceCommands.waitOption,
                .flag("yes", help: "with drop: yes, give the change up for good"),
                .flag("json", help: #"list: print one JSON array [{"id","tag","reason","at"}]"#),
            ],
            arguments: [
                .optional("ACTION", help: "list (default), retry or drop"),
                .optional("ID", help: "with retry and drop: the dead letter's id (as list shows it)"),
            ])
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let terminal = context.terminal
        switch arguments.argument("ACTION") ?? "list" {
        case "list":
            guard arguments.argument("ID") == nil else { throw UsageError("'list' takes no ID") }
            let directory = try StoreCommand.storeDirectory(arguments)
            _ = try StoreCommand.waitSeconds(arguments)
            try StoreCommand.checkStore(directory, mustExist: false)
            let letters = try DeviceStatus.read(directory: directory).deadLetters.map(DeadLetterView.init)
            let lines = letters.isEmpty ? ["no dead letters"] : letters.map { "\($0.line) (at \($0.at ?? "?"))" }
            try Answer(lines, json: letters).write(to: terminal, json: arguments.flag("json"))
            return .success
        case "retry":
            let id = try Self.id(arguments)
            return try domain.withDevice(arguments, context: context, mustExist: true) { device in
                try await device.retryDeadLetter(id)
                try terminal.writeLine("dead letter \(id) is pending again: the next 'sync' sends it")
                return .success
            }
        case "drop":
            let id = try Self.id(arguments)
            guard arguments.flag("yes") else {
                throw UsageError("'drop' gives dead letter \(id) up for good: add --yes to confirm")
            }
            return try domain.withDevice(arguments, context: context, mustExist: true) { device in
                try await device.dropDeadLetter(id)
                try terminal.writeLine("dead letter \(id) dropped: it will never be sent")
                return .success
            }
        case let action:
            throw UsageError("ACTION expects list, retry or drop, got '\(action)'")
        }
    }

    private static func id(_ arguments: ParsedArguments) throws(UsageError) -> UInt64 {
        guard let text = arguments.argument("ID") else { throw UsageError("missing ID (see 'dead-letters list')") }
        guard let id = UInt64(text) else { throw UsageError("ID expects a dead letter's number, got '\(text)'") }
        return id
    }
}
