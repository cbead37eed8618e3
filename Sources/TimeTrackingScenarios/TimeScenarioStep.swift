import RxChainJSON
import RxChainScenarios
import TimeTracking

/// One step a time-tracker scenario sends a device (`phone: start e1 "writing" project 7`), with
/// the entry ids a script names so it can refer to them later.
///
/// ```
/// start ID [DESCRIPTION] [workspace N] [project N] [tags A,B] [billable]
/// stop
/// continue ID as NEW
/// edit ID [description "TEXT"] [project N|none] [tags A,B|none] [billable|not-billable]
///         [start TIME] [stop TIME|none]
/// delete ID…
/// ```
///
/// Every change is stamped with the scenario's clock when the step runs (the `at` a payload
/// holds here is replaced then); `TIME` is RFC 3339 (`2026-01-01T09:30:00Z`).
public enum TimeScenarioStep: Sendable, Equatable {
    /// `timeEntries/start`.
    case start(EntryStart)
    /// `timeEntries/stop` of the running entry.
    case stop
    /// `timeEntries/continue`: a new running entry `newId` copying the finished entry `id`.
    case continueEntry(id: String, newId: String)
    /// `timeEntries/put` on an entry the device holds.
    case edit(EntryPut)
    /// `timeEntries/remove`.
    case delete(ids: [String])

    /// The verbs, in the order the usage lists them.
    static let verbs = ["start", "stop", "continue", "edit", "delete"]

    /// Stands for the time the step runs at until it runs.
    static let unstamped = Timestamp(utcSeconds: 0)!

    /// Reads the words from the verb on.
    init(parsing words: [ScenarioWord]) throws(ScenarioSyntaxError) {
        let verb = words[0].text
        let rest = Array(words.dropFirst())
        func usage(_ text: String) -> ScenarioSyntaxError {
            ScenarioSyntaxError("usage: DEVICE: \(verb)\(text.isEmpty ? "" : " ")\(text)")
        }
        switch verb {
        case "start":
            let text = #"ID [DESCRIPTION] [workspace N] [project N] [tags A,B] [billable]"#
            guard let id = rest.first, !id.text.isEmpty else { throw usage(text) }
            var options = rest.dropFirst()
            // The word after the id is the description unless it is an option's name.
            var description: String?
            if let word = options.first, !["workspace", "project", "tags", "billable"].contains(where: word.is) {
                description = word.text
                options.removeFirst()
            }
            var start = EntryStart(id: id.text, at: Self.unstamped, workspaceId: 1, description: description)
            while let name = options.popFirst() {
                guard !name.isQuoted else { throw usage(text) }
                switch name.text {
                case "billable": start.billable = true
                case "workspace": start.workspaceId = try Self.integer(options.popFirst(), usage(text))
                case "project": start.projectId = try Self.integer(options.popFirst(), usage(text))
                case "tags": start.tags = try Self.tags(options.popFirst(), usage(text))
                default: throw usage(text)
                }
            }
            self = .start(start)
        case "stop":
            guard rest.isEmpty else { throw usage("") }
            self = .stop
        case "continue":
            guard rest.count == 3, rest[1].is("as") else { throw usage("ID as NEW") }
            self = .continueEntry(id: rest[0].text, newId: rest[2].text)
        case "edit":
            let text =
                #"ID [description "TEXT"] [project N|none] [tags A,B|none] [billable|not-billable] "#
                + "[start TIME] [stop TIME|none]"
            guard let id = rest.first, !id.text.isEmpty, rest.count > 1 else { throw usage(text) }
            var put = EntryPut(id: id.text, at: Self.unstamped)
            var options = rest.dropFirst()
            while let name = options.popFirst() {
                guard !name.isQuoted else { throw usage(text) }
                switch name.text {
                case "billable", "not-billable": put.billable = name.text == "billable"
                case "description":
                    guard let value = options.popFirst() else { throw usage(text) }
                    put.description = value.text
                case "project":
                    if options.first?.is("none") == true {
                        options.removeFirst()
                        put.projectId = .clear
                    } else {
                        put.projectId = .set(try Self.integer(options.popFirst(), usage(text)))
                    }
                case "tags":
                    if options.first?.is("none") == true {
                        options.removeFirst()
                        put.tags = []
                    } else {
                        put.tags = try Self.tags(options.popFirst(), usage(text))
                    }
                case "start":
                    guard let value = options.popFirst() else { throw usage(text) }
                    put.start = try value.timestamp()
                case "stop":
                    guard let value = options.popFirst() else { throw usage(text) }
                    put.stop = value.is("none") ? .clear : .set(try value.timestamp())
                default: throw usage(text)
                }
            }
            self = .edit(put)
        default:
            guard !rest.isEmpty else { throw usage("ID…") }
            self = .delete(ids: rest.map(\.text))
        }
    }

    /// A positive integer (a server's workspace or project id).
    private static func integer(_ word: ScenarioWord?, _ usage: ScenarioSyntaxError) throws(ScenarioSyntaxError) -> Int
    {
        guard let word else { throw usage }
        guard let value = Int(word.text), value > 0 else {
            throw ScenarioSyntaxError("'\(word.text)' is not a server id (a whole number from 1)")
        }
        return value
    }

    /// Tag names, comma-separated (empty names dropped).
    private static func tags(_ word: ScenarioWord?, _ usage: ScenarioSyntaxError) throws(ScenarioSyntaxError)
        -> [String]
    {
        guard let word else { throw usage }
        return word.text.split(separator: ",").map(String.init)
    }
}
