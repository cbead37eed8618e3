/// The log an entry belongs to, written in files as `global`, `list:<L>` or `mailbox:<from>-><to>`.
///
/// On the server these are `users/{uid}/actions` (the creator's global log), `lists/{L}/actions`
/// and `requests/{from}/to/{to}`.
public enum TodoLog: Sendable, Hashable {
    /// The creator's own global log: its lists and its share bookkeeping.
    case global
    /// The log of list `L`: its name and its items.
    case list(String)
    /// The mailbox of requests `from` sends `to`.
    case mailbox(from: String, to: String)

    /// Reads `global`, `list:<L>` or `mailbox:<from>-><to>`; `nil` otherwise. Every name is
    /// non-empty and holds no `/`: it is one segment of the log's name on the server
    /// (`lists/L/actions`), where a `/` would name another log.
    public init?(parsing text: String) {
        func isName(_ name: some StringProtocol) -> Bool { !name.isEmpty && !name.contains("/") }
        if text == "global" {
            self = .global
        } else if text.hasPrefix("list:") {
            let list = String(text.dropFirst("list:".count))
            guard isName(list) else { return nil }
            self = .list(list)
        } else if text.hasPrefix("mailbox:") {
            let route = text.dropFirst("mailbox:".count)
            guard let arrow = route.firstRange(of: "->") else { return nil }
            let from = String(route[..<arrow.lowerBound])
            let to = String(route[arrow.upperBound...])
            guard isName(from), isName(to) else { return nil }
            self = .mailbox(from: from, to: to)
        } else {
            return nil
        }
    }
}

extension TodoLog: CustomStringConvertible {
    /// The log as files write it: `global`, `list:<L>`, `mailbox:<from>-><to>`.
    public var description: String {
        switch self {
        case .global: "global"
        case .list(let list): "list:\(list)"
        case .mailbox(let from, let to): "mailbox:\(from)->\(to)"
        }
    }
}
