import Foundation
import RxChainJSON
import TimeTracking

/// The time tracker's own verbs: `rxchain time --store DIR VERB …`. Every change is recorded
/// offline; a change the rules ignore (an invalid field, an unknown entry) is `rejected: …`, exit 1.
extension TimeCommand {
    var verbs: [any Command] { [Self.start, Self.stop, Self.continue, Self.edit, Self.delete, Self.list] }

    private static let atOption = CommandSignature.Option.value(
        "at", placeholder: "TIMESTAMP", help: "when it happened, RFC 3339 (default: now)")

    /// `start [DESCRIPTION] [--workspace ID] [--project ID] [--tags a,b] [--billable]`: stops the
    /// running entry (if any) and starts a new one; prints its id.
    private static let start = verb(
        "start", "start a new entry (the running one stops); prints its id",
        options: [
            .value("workspace", placeholder: "ID", help: "the server's workspace (default 1)"),
            .value("project", placeholder: "ID", help: "the server's project"),
            .value("tags", placeholder: "A,B", help: "tag names, comma-separated"),
            .flag("billable", help: "the time is billable"), Self.atOption,
        ],
        arguments: [.optional("DESCRIPTION", help: "what is being done")]
    ) { arguments, _ in
        let start = EntryStart(
            id: TimeTrackingDevice.newID(), at: try Self.time(arguments, "at") ?? .now(),
            workspaceId: try Self.id(arguments, "workspace") ?? 1, description: arguments.argument("DESCRIPTION"),
            projectId: try Self.id(arguments, "project"), billable: arguments.flag("billable") ? true : nil,
            tags: Self.tags(arguments))
        return StoreWork { device in
            try await device.send(.start(start))
            return Answer([start.id])
        }
    }

    /// `stop`: stops the running entry.
    private static let stop = verb("stop", "stop the running entry", options: [Self.atOption]) { arguments, _ in
        let at = try Self.time(arguments, "at") ?? .now()
        return StoreWork { device in
            try await device.stopRunning(at: at)
            return Answer()
        }
    }

    /// `continue ID`: starts a new entry copying a finished one; prints its id.
    private static let `continue` = verb(
        "continue", "start a new entry like the finished entry ID; prints its id", options: [Self.atOption],
        arguments: [.required("ID", help: "a finished entry")]
    ) { arguments, _ in
        let (id, newID) = (arguments.argument("ID")!, TimeTrackingDevice.newID())
        let at = try Self.time(arguments, "at") ?? .now()
        return StoreWork { device in
            try await device.send(.continueEntry(id: id, newId: newID, at: at))
            return Answer([newID])
        }
    }

    /// `edit ID [--description TEXT] [--project ID|--no-project] [--tags a,b]
    /// [--billable|--not-billable] [--start T] [--stop T]`: changes an entry's fields.
    private static let edit = verb(
        "edit", "change the fields of entry ID",
        options: [
            .value("description", placeholder: "TEXT", help: "what was done"),
            .value("project", placeholder: "ID", help: "the server's project"),
            .flag("no-project", help: "no project"),
            .value("tags", placeholder: "A,B", help: "tag names, comma-separated (empty: none)"),
            .flag("billable", help: "billable"), .flag("not-billable", help: "not billable"),
            .value("start", placeholder: "TIMESTAMP", help: "when it started, RFC 3339"),
            .value("stop", placeholder: "TIMESTAMP", help: "when it stopped, RFC 3339"), Self.atOption,
        ],
        arguments: [.required("ID", help: "the entry")]
    ) { arguments, _ in
        if arguments.flag("billable") && arguments.flag("not-billable") {
            throw UsageError("--billable and --not-billable cannot both be given")
        }
        let project: FieldChange<Int> =
            arguments.flag("no-project") ? .clear : try Self.id(arguments, "project").map { .set($0) } ?? .keep
        let put = EntryPut(
            id: arguments.argument("ID")!, at: try Self.time(arguments, "at") ?? .now(),
            description: arguments.value("description"), projectId: project,
            billable: arguments.flag("billable") ? true : arguments.flag("not-billable") ? false : nil,
            tags: Self.tags(arguments), start: try Self.time(arguments, "start"),
            stop: try Self.time(arguments, "stop").map { .set($0) } ?? .keep)
        return StoreWork { device in
            try await device.edit(put)
            return Answer()
        }
    }

    /// `delete ID…`: deletes entries (those the server never had are forgotten at once).
    private static let delete = verb(
        "delete", "delete entries", options: [Self.atOption],
        arguments: [.variadic("ID", help: "the entries", minimum: 1)]
    ) { arguments, _ in
        let (ids, at) = (arguments.arguments("ID"), try Self.time(arguments, "at") ?? .now())
        return StoreWork { device in
            try await device.send(.remove(ids: ids, at: at))
            return Answer()
        }
    }

    /// `list [--json]`: every entry with its sync state and any sync error.
    private static let list = verb(
        "list", "the entries, each with its sync state and any sync error",
        options: [.flag("json", help: #"print {"entries":{id:entry},"running":id|null} (the replay's shape)"#)]
    ) { _, _ in
        StoreWork(mustExist: true) { device in
            let state = await device.state
            return Answer(TimeTrackingDomain().lines(state), json: state)
        }
    }

    /// The timestamp of `--name`, when given (`--at` is now when left out).
    private static func time(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Timestamp? {
        guard let text = arguments.value(name) else { return nil }
        do {
            return try Timestamp(parsing: text)
        } catch {
            throw UsageError("option '--\(name)' \(error): \(String(reflecting: text))")
        }
    }

    /// A server id of `--name`, when given (`--project 7`).
    private static func id(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Int? {
        try arguments.integer(name, in: 1...Int.max)
    }

    /// `--tags a,b`, when given (empty names dropped).
    private static func tags(_ arguments: ParsedArguments) -> [String]? {
        arguments.value("tags").map { $0.split(separator: ",").map(String.init).filter { !$0.isEmpty } }
    }
}
