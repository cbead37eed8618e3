import RxChainTesting
import SharedExpenses

/// A random log of expense operations over a few users, groups and spendings, with many
/// `createdAt` ties and many operations that break a rule; and how one device receives it.
struct ExpenseHistory: CustomStringConvertible {
    var operations: [ExpenseOperation]
    /// Draws the device's arrival order, copies and batches (``arrival()``).
    var arrivalSeed: UInt64

    var description: String {
        "arrival seed \(arrivalSeed): "
            + operations.map { "\($0.operationID)@\($0.createdAt) \($0.authorID) \($0.payload)" }
            .joined(separator: "; ")
    }

    /// The operations shuffled, some sent twice, cut into batches.
    func arrival() -> [[ExpenseOperation]] {
        var random = SeededGenerator(seed: arrivalSeed)
        var copies = operations
        for operation in operations where Int.random(in: 0..<4, using: &random) == 0 { copies.append(operation) }
        copies.shuffle(using: &random)
        var batches: [[ExpenseOperation]] = []
        var rest = copies[...]
        while !rest.isEmpty {
            let size = Int.random(in: 1...5, using: &random)
            batches.append(Array(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return batches
    }

    static let gen = Gen<ExpenseHistory>(
        generate: { random in
            let count = Int.random(in: 0...40, using: &random)
            let operations = (0..<count).map { index in draw(id: "op\(index)", using: &random) }
            return ExpenseHistory(operations: operations, arrivalSeed: random.next())
        },
        shrink: { history in
            history.operations.indices.map { index in
                var smaller = history
                smaller.operations.remove(at: index)
                return smaller
            }
        })

    static let users = ["a", "b", "c", "d"]
    static let groups = ["G1", "G2", "G3"]
    static let spendings = ["S1", "S2", "S3", "S4", "S5"]

    private static func draw(id: String, using random: inout SeededGenerator) -> ExpenseOperation {
        let author = users.randomElement(using: &random)!
        var time = Int64.random(in: 0...15, using: &random)  // many ties: the id breaks them
        let other = users.randomElement(using: &random)!
        let payload: ExpenseOperationPayload
        switch Int.random(in: 0..<24, using: &random) {
        case 0..<4:
            // Groups mostly come first, so that spendings find them.
            if Int.random(in: 0..<4, using: &random) > 0 { time /= 4 }
            let participants = users.filter { _ in Int.random(in: 0..<4, using: &random) > 0 } + [author]
            payload = .createSpendingGroup(
                GroupCreationPayload(
                    groupID: groups.randomElement(using: &random)!, participants: participants.shuffled(using: &random),
                    displayName: Bool.random(using: &random) ? "trip" : nil))
        case 4:
            payload = .deleteSpendingGroup(groupID: groups.randomElement(using: &random)!)
        case 5..<12:
            payload = .createSpending(drawSpending(payer: author, using: &random))
        case 12..<14:
            payload = .deleteSpending(
                spendingID: spendings.randomElement(using: &random)!, groupID: groups.randomElement(using: &random)!)
        case 14..<17:
            payload = .sendFriendRequest(target: other)
        case 17..<20:
            payload = .acceptFriendRequest(sender: other)
        case 20:
            payload = .rejectFriendRequest(sender: other)
        case 21:
            payload = .rollbackFriendRequest(target: other)
        case 22:
            payload = .unfriend(target: other)
        default:
            payload = .unknown(type: "renameGroup")
        }
        return ExpenseOperation(operationID: id, createdAt: time, authorID: author, payload: payload)
    }

    /// Mostly an equal split (its shares sum to zero); sometimes shares that do not, a bad
    /// currency, or amounts near the 64-bit limit.
    private static func drawSpending(payer: String, using random: inout SeededGenerator) -> SpendingCreationPayload {
        let amount =
            switch Int.random(in: 0..<8, using: &random) {
            case 0: Int64.max - Int64.random(in: 0...3, using: &random)
            case 1: Int64.random(in: -2...0, using: &random)
            default: Int64.random(in: 1...500, using: &random)
            }
        let consumers = users.filter { _ in Bool.random(using: &random) }
        var shares = (try? EqualSplit.shares(of: amount, paidBy: payer, among: consumers)) ?? []
        if !shares.isEmpty && Int.random(in: 0..<6, using: &random) == 0 {
            shares[Int.random(in: shares.indices, using: &random)].amount &+= 1
        }
        let currency = ["EUR", "USD", "EUR", "eur"].randomElement(using: &random)!
        return SpendingCreationPayload(
            spendingID: spendings.randomElement(using: &random)!, groupID: groups.randomElement(using: &random)!,
            name: "thing", currency: currency, amount: amount, shares: shares)
    }
}
