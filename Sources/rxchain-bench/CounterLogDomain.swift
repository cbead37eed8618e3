import RxChainLogs

/// The server-ordered domain `rxchain-bench replay` folds for its `ordered-*` figures: operations
/// that move an amount on one of 64 balances, ordered by `(ts, id)` as expense operations are;
/// an operation that would take a balance below zero is skipped, as the ledger rejects it.
struct CounterLogDomain: OrderedLogDomain {
    struct Operation: Equatable, Sendable {
        var id: String
        var ts: Int
        var account: Int
        var amount: Int
    }

    var emptyState: [Int] { Array(repeating: 0, count: 64) }

    func id(of entry: Operation) -> String { entry.id }

    func order(of entry: Operation) -> Int? { entry.ts }

    func apply(_ entry: Operation, to state: inout [Int]) -> OrderedLogOutcome {
        let balance = state[entry.account] + entry.amount
        guard balance >= 0 else { return .skipped("balance \(entry.account) would go below zero") }
        state[entry.account] = balance
        return .applied
    }

    /// Operation `number` of a generated log: stamped `10 * number`, so later ones fit between.
    static func operation(_ number: Int, ts: Int? = nil, id: String? = nil) -> Operation {
        Operation(
            id: id ?? "op-\(number)", ts: ts ?? 10 * number, account: number % 64,
            amount: number % 7 == 3 ? -5 : 3)
    }
}
