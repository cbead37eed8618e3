import RxChainLogs
import SharedExpenses

/// Operations for the tests, with short defaults: group `G1` of alice, bob and carol.
enum Ops {
    static func group(
        _ groupID: String = "G1", by author: String = "alice",
        members participants: [String] = ["alice", "bob", "carol"],
        name: String? = nil, id: String = "g", at time: Int64 = 1
    ) -> ExpenseOperation {
        ExpenseOperation(
            operationID: id, createdAt: time, authorID: author,
            payload: .createSpendingGroup(
                GroupCreationPayload(groupID: groupID, participants: participants, displayName: name)))
    }

    static func deleteGroup(
        _ groupID: String = "G1", by author: String = "alice", id: String = "dg", at time: Int64 = 9
    )
        -> ExpenseOperation
    {
        ExpenseOperation(
            operationID: id, createdAt: time, authorID: author, payload: .deleteSpendingGroup(groupID: groupID))
    }

    /// A spending of `amount` EUR; the shares default to alice paying for all three (+66, -33, -33 of 99).
    static func spending(
        _ spendingID: String = "S1", in groupID: String = "G1", by author: String = "alice", amount: Int64 = 99,
        currency: String = "EUR", shares: [(String, Int64)] = [("alice", 66), ("bob", -33), ("carol", -33)],
        id: String = "s", at time: Int64 = 2
    ) -> ExpenseOperation {
        ExpenseOperation(
            operationID: id, createdAt: time, authorID: author,
            payload: .createSpending(
                SpendingCreationPayload(
                    spendingID: spendingID, groupID: groupID, name: "dinner", currency: currency, amount: amount,
                    shares: shares.map { Share(userID: $0.0, amount: $0.1) })))
    }

    static func deleteSpending(
        _ spendingID: String = "S1", in groupID: String = "G1", by author: String = "alice", id: String = "ds",
        at time: Int64 = 3
    ) -> ExpenseOperation {
        ExpenseOperation(
            operationID: id, createdAt: time, authorID: author,
            payload: .deleteSpending(spendingID: spendingID, groupID: groupID))
    }

    static func friend(
        _ payload: ExpenseOperationPayload, by author: String, id: String = "f", at time: Int64 = 5
    ) -> ExpenseOperation {
        ExpenseOperation(operationID: id, createdAt: time, authorID: author, payload: payload)
    }

    /// The operations folded from scratch, as one batch.
    static func fold(_ operations: [ExpenseOperation]) -> OrderedLogFold<SharedExpensesDomain> {
        var fold = OrderedLogFold(domain: SharedExpensesDomain())
        fold.receive(operations)
        return fold
    }

    /// The ids of the operations the fold rejected, in fold order, with their reasons.
    static func rejections(_ fold: OrderedLogFold<SharedExpensesDomain>) -> [String] {
        fold.diagnostics.compactMap { diagnostic in
            guard case .skipped(let reason) = diagnostic.kind else { return nil }
            return "\(diagnostic.id): \(reason)"
        }
    }
}
