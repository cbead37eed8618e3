import RxChainLogs

/// A toy server-ordered domain for the fold's tests: an append-only list of strings with a
/// "remove" entry, ordered by `(ts, id)`; removing a string that is not there is skipped.
struct ListDomain: OrderedLogDomain {
    struct Entry: Equatable, Sendable, CustomStringConvertible {
        enum Operation: Equatable, Sendable {
            case append(String)
            case remove(String)
        }

        var id: String
        var ts: Int?
        var operation: Operation

        var description: String {
            let stamp = ts.map(String.init) ?? "local"
            switch operation {
            case .append(let text): return "\(id)@\(stamp)+\(text)"
            case .remove(let text): return "\(id)@\(stamp)-\(text)"
            }
        }

        static func append(_ text: String, id: String, ts: Int?) -> Entry {
            Entry(id: id, ts: ts, operation: .append(text))
        }

        static func remove(_ text: String, id: String, ts: Int?) -> Entry {
            Entry(id: id, ts: ts, operation: .remove(text))
        }
    }

    var emptyState: [String] { [] }

    func id(of entry: Entry) -> String { entry.id }

    func order(of entry: Entry) -> Int? { entry.ts }

    func apply(_ entry: Entry, to state: inout [String]) -> OrderedLogOutcome {
        switch entry.operation {
        case .append(let text):
            state.append(text)
            return .applied
        case .remove(let text):
            guard let index = state.firstIndex(of: text) else { return .skipped("no \(text) to remove") }
            state.remove(at: index)
            return .applied
        }
    }

    /// The reference the fold must equal: confirmed entries sorted by `(ts, id)` and folded
    /// from scratch, then the local ones in order; with the skipped ids and reasons in fold order.
    func foldFromScratch(confirmed: [Entry], locals: [Entry]) -> (state: [String], skipped: [String]) {
        let sorted = confirmed.sorted { ($0.ts!, $0.id) < ($1.ts!, $1.id) }
        var state = emptyState
        var skipped: [String] = []
        for entry in sorted + locals {
            if case .skipped(let reason) = apply(entry, to: &state) { skipped.append("\(entry.id): \(reason)") }
        }
        return (state, skipped)
    }
}
