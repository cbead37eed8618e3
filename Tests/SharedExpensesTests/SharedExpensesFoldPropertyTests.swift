import RxChainLogs
import RxChainTesting
import SharedExpenses
import Testing

/// What every device agrees on, whatever it received in whatever order (the fold of
/// SharedExpensesDomain over random logs: ExpenseHistory).
@Suite struct SharedExpensesFoldPropertyTests {
    /// The device's fold: the history's arrival, batch by batch.
    static func received(_ history: ExpenseHistory) -> OrderedLogFold<SharedExpensesDomain> {
        var fold = OrderedLogFold(domain: SharedExpensesDomain(), checkpointInterval: 4)
        for batch in history.arrival() { fold.receive(batch) }
        return fold
    }

    /// The reference: the operations sorted by (createdAt, operationId) and applied one by one.
    static func fromScratch(_ operations: [ExpenseOperation]) -> (state: SharedExpensesState, rejected: [String]) {
        var state = SharedExpensesState()
        var rejected: [String] = []
        let sorted = operations.sorted { ($0.createdAt, $0.operationID) < ($1.createdAt, $1.operationID) }
        for operation in sorted {
            do throws(ExpenseRejection) {
                try state.apply(operation)
            } catch {
                rejected.append("\(operation.operationID): \(error)")
            }
        }
        return (state, rejected)
    }

    @Test func anyPermutationAndDuplicationGivesTheSameStateAndRejections() throws {
        try forAll(ExpenseHistory.gen, iterations: 200) { history in
            let inOrder = Ops.fold(history.operations)
            let shuffled = Self.received(history)
            return shuffled.state == inOrder.state && Ops.rejections(shuffled) == Ops.rejections(inOrder)
        }
    }

    @Test func anIncrementalFoldEqualsTheFoldFromScratch() throws {
        try forAll(ExpenseHistory.gen, iterations: 200) { history in
            let fold = Self.received(history)
            let reference = Self.fromScratch(history.operations)
            return fold.state == reference.state && Ops.rejections(fold) == reference.rejected
        }
    }

    @Test func everyLiveSpendingsSharesSumToZeroAndBalancesAreTheirSums() throws {
        try forAll(ExpenseHistory.gen, iterations: 200) { history in
            let state = Self.received(history).state
            var expected: [String: SharedExpensesState.GroupBalances] = [:]
            for id in state.groups.keys { expected[id] = [:] }
            for spending in state.spendings.values {
                guard spending.shares.reduce(0, { $0 &+ $1.amount }) == 0, state.groups[spending.groupID] != nil else {
                    return false
                }
                for share in spending.shares {
                    expected[spending.groupID, default: [:]][share.userID, default: [:]][
                        spending.currency, default: 0] &+=
                        share.amount
                }
            }
            let pruned = expected.mapValues { users in
                users.mapValues { $0.filter { $0.value != 0 } }.filter { !$0.value.isEmpty }
            }
            return state.balances == pruned
        }
    }

    @Test func balancesSumToZeroPerGroupAndCurrency() throws {
        try forAll(ExpenseHistory.gen, iterations: 200) { history in
            let state = Self.received(history).state
            return state.balances.values.allSatisfy { users in
                var sums: [String: Int64] = [:]
                for currencies in users.values {
                    for (currency, net) in currencies { sums[currency, default: 0] &+= net }
                }
                return sums.values.allSatisfy { $0 == 0 }
                    && users.values.allSatisfy { !$0.isEmpty && !$0.values.contains(0) }
            }
        }
    }

    /// The generator reaches what the properties compare: accepted spendings, groups and
    /// friendships, and rejections of many kinds.
    @Test func generatedHistoriesHoldAcceptedAndRejectedOperations() {
        var (spendings, groups, friends, requests, reasons) = (0, 0, 0, 0, [String]())
        for history in ExpenseHistory.gen.samples(count: 60, seed: 21) {
            let fold = Self.received(history)
            spendings += fold.state.spendings.count
            groups += fold.state.groups.count
            friends += fold.state.friendships.count
            requests += fold.state.friendRequests.count
            reasons += Ops.rejections(fold)
        }
        #expect(spendings > 20, "\(spendings)")
        #expect(groups > 20, "\(groups)")
        #expect(friends > 0, "\(friends)")
        #expect(requests > 5, "\(requests)")
        let phrases = [
            "shares sum to", "is not a member of group", "unknown operation type", "is not an ISO 4217 code",
            "there is no live spending", "there is no live group", "was used before", "already exists",
            "belonged to a deleted group", "no pending friend request", "the amount must be positive",
        ]
        for phrase in phrases {
            #expect(reasons.contains { $0.contains(phrase) }, "\(phrase)")
        }
    }
}
