import RxChainTesting
import SharedExpenses
import Testing

/// The equal split (Splits/EqualSplit): no cent lost, the remainder to the first users by id.
@Suite struct EqualSplitTests {
    static func amounts(_ shares: [Share]) -> [String: Int64] {
        Dictionary(uniqueKeysWithValues: shares.map { ($0.userID, $0.amount) })
    }

    @Test func anAmountNotDivisibleByNGivesTheRemainderToTheFirstUsersById() throws {
        let shares = try EqualSplit.shares(of: 100, paidBy: "carol", among: ["dave", "carol", "bob", "alice"])
        #expect(shares.map(\.userID) == ["alice", "bob", "carol", "dave"])
        // 100 = 4 × 25: no remainder.
        #expect(Self.amounts(shares) == ["alice": -25, "bob": -25, "carol": 75, "dave": -25])
        let uneven = try EqualSplit.shares(of: 101, paidBy: "alice", among: ["carol", "bob", "alice"])
        // 101 = 3 × 33 + 2: alice and bob owe 34, carol 33; alice paid, so she is owed 101 − 34.
        #expect(
            uneven == [
                Share(userID: "alice", amount: 67), Share(userID: "bob", amount: -34),
                Share(userID: "carol", amount: -33),
            ])
    }

    @Test func aPayerWhoDidNotConsumeIsOwedTheWholeAmount() throws {
        let shares = try EqualSplit.shares(of: 10, paidBy: "bob", among: ["carol", "alice", "alice"])
        #expect(
            shares == [
                Share(userID: "alice", amount: -5), Share(userID: "bob", amount: 10),
                Share(userID: "carol", amount: -5),
            ])
    }

    @Test func aPayerWhoAloneConsumedIsOwedNothing() throws {
        #expect(try EqualSplit.shares(of: 7, paidBy: "alice", among: ["alice"]) == [Share(userID: "alice", amount: 0)])
    }

    @Test func anAmountSmallerThanNLeavesTheLastUsersOwingNothing() throws {
        let shares = try EqualSplit.shares(of: 2, paidBy: "alice", among: ["alice", "bob", "carol", "dave"])
        #expect(Self.amounts(shares) == ["alice": 1, "bob": -1, "carol": 0, "dave": 0])
    }

    @Test func nothingToSplitOrNobodyToSplitItAmongIsAnError() {
        #expect(throws: EqualSplit.Failure.amountNotPositive(0)) {
            try EqualSplit.shares(of: 0, paidBy: "a", among: ["a"])
        }
        #expect(throws: EqualSplit.Failure.noConsumers) { try EqualSplit.shares(of: 5, paidBy: "a", among: []) }
    }

    /// Cents are never lost: the shares sum to zero, the consumers owe exactly the amount, each
    /// owes floor(A/n) or one more, and a group holding them accepts the split as a spending.
    @Test func everySplitSumsToZeroAndLosesNoCent() throws {
        let users = ["u0", "u1", "u2", "u3", "u4", "u5", "u6"]
        let cases = Gen.zip(
            Gen<Int64>.oneOf(.integer(in: 1...1_000), .integer(in: 1...Int64.max)), .integer(in: 0...6),
            Gen.integer(in: 0...6).array(length: 1...9))
        try forAll(cases, iterations: 300) { amount, payerIndex, consumerIndexes in
            let payer = users[payerIndex]
            let consumers = Set(consumerIndexes.map { users[$0] })
            let shares = try EqualSplit.shares(of: amount, paidBy: payer, among: Array(consumers))
            let n = Int64(consumers.count)
            let owed = shares.map { share in
                consumers.contains(share.userID) ? (share.userID == payer ? amount - share.amount : -share.amount) : 0
            }
            let spending = Ops.spending(by: payer, amount: amount, shares: shares.map { ($0.userID, $0.amount) })
            let group = Ops.group(by: payer, members: users)
            return shares.reduce(0) { $0 &+ $1.amount } == 0 && owed.reduce(0, &+) == amount
                && owed.enumerated().allSatisfy { index, value in
                    !consumers.contains(shares[index].userID) || value == amount / n || value == amount / n + 1
                }
                && Ops.rejections(Ops.fold([group, spending])).isEmpty
                && Ops.fold([group, spending]).state.spendings["S1"]?.shares == shares
        }
    }
}
