import Foundation
import RxChainJSON
import TimeTracking

/// `rxchain time edit ID [--description TEXT] [--project ID|--no-project] [--tags a,b]
/// [--billable|--not-billable] [--start T] [--stop T]`: changes an entry's fields.
struct TimeEditCommand: Command {
    let name = "edit"
    let summary = "change the fields of entry ID"
    let signature = CommandSignature(
        options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .value("description", placeholder: "TEXT", help: "what was done"),
            .value("project", placeholder: "ID", help: "the server's project"),
            .flag("no-project", help: "no project"),
            .value("tags", placeholder: "A,B", help: "tag names, comma-separated (empty: none)"),
            .flag("billable", help: "billable"), .flag("not-billable", help: "not billable"),
            .value("start", placeholder: "TIMESTAMP", help: "when it started, RFC 3339"),
            .value("stop", placeholder: "TIMESTAMP", help: "when it stopped, RFC 3339"),
            TimeCommand.atOption,
        ],
        arguments: [.required("ID", help: "the entry")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        func time(_ name: String) throws(UsageError) -> Timestamp? {
            guard let text = arguments.value(name) else { return nil }
            do { return try Timestamp(parsing: text) } catch {
                throw UsageError("option '--\(name)' \(error): \(String(reflecting: text))")
            }
        }
        if arguments.flag("billable") && arguments.flag("not-billable") {
            throw UsageError("--billable and --not-billable cannot both be given")
        }
        let project: FieldChange<Int> =
            arguments.flag("no-project")
            ? .clear : try TimeCommand.integer(arguments, "project").map { .set($0) } ?? .keep
        let put = EntryPut(
            id: arguments.argument("ID")!, at: try TimeCommand.time(arguments),
            description: arguments.value("description"), projectId: project,
            billable: arguments.flag("billable") ? true : arguments.flag("not-billable") ? false : nil,
            tags: TimeCommand.tags(arguments), start: try time("start"),
            stop: try time("stop").map { .set($0) } ?? .keep)
        return try TimeCommand.withDevice(arguments, context: context) { device in
            try await device.edit(put)
            return .success
        }
    }
}
