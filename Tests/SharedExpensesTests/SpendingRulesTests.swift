import SharedExpenses
import Testing

/// `createSpending` and `deleteSpending` (Rules/SharedExpensesState+Spendings).
@Suite struct SpendingRulesTests {
    @Test func aSpendingIsKeptAsGivenAndMovesTheBalances() {
        let state = foldAccepting([
            Ops.group(), Ops.spending(id: "s1"),
            Ops.spending("S2", by: "bob", amount: 10, shares: [("carol", 10), ("alice", -10)], id: "s2", at: 3),
            Ops.spending("S3", amount: 7, currency: "USD", shares: [("bob", 7), ("alice", -7)], id: "s3", at: 4),
        ])
        #expect(
            state.spendings["S2"]
                == Spending(
                    id: "S2", groupID: "G1", name: "dinner", currency: "EUR", amount: 10,
                    shares: [Share(userID: "carol", amount: 10), Share(userID: "alice", amount: -10)], createdAt: 3))
        #expect(
            state.balances == [
                "G1": ["alice": ["EUR": 56, "USD": -7], "bob": ["EUR": -33, "USD": 7], "carol": ["EUR": -23]]
            ])
    }

    @Test func zeroSharesAndZeroNetsAreLeftOutOfTheBalances() {
        let state = foldAccepting([
            Ops.group(), Ops.spending(amount: 5, shares: [("alice", 5), ("bob", -5), ("carol", 0)], id: "s1"),
            Ops.spending("S2", by: "bob", amount: 5, shares: [("bob", 5), ("alice", -5)], id: "s2", at: 3),
        ])
        #expect(state.balances == ["G1": [:]])
        #expect(state.spendings.count == 2)
    }

    @Test(
        arguments: [
            ("no such group", Ops.spending(in: "G2"), .noSuchGroup(groupID: "G2")),
            ("the author not a member", Ops.spending(by: "dave"), .authorNotAMember(author: "dave", groupID: "G1")),
            ("a zero amount", Ops.spending(amount: 0), .amountNotPositive(amount: 0)),
            ("a negative amount", Ops.spending(amount: -99), .amountNotPositive(amount: -99)),
            ("a lowercase currency", Ops.spending(currency: "eur"), .invalidCurrency("eur")),
            ("a four-letter currency", Ops.spending(currency: "EURO"), .invalidCurrency("EURO")),
            ("a digit in the currency", Ops.spending(currency: "E1R"), .invalidCurrency("E1R")),
            ("a non-ASCII currency", Ops.spending(currency: "ÉUR"), .invalidCurrency("ÉUR")),
            ("no shares", Ops.spending(shares: []), .noShares),
            (
                "two shares of one user", Ops.spending(shares: [("alice", 33), ("bob", -33), ("bob", 0)]),
                .repeatedShare(userID: "bob")
            ),
            (
                "a share of a non-member", Ops.spending(shares: [("alice", 33), ("dave", -33)]),
                .shareholderNotAMember(userID: "dave", groupID: "G1")
            ),
            (
                "shares summing to 150", Ops.spending(amount: 150, shares: [("alice", 150)]),
                .sharesDoNotSumToZero(sum: 150)
            ),
            (
                "shares summing to the amount", Ops.spending(shares: [("alice", 99), ("bob", -33), ("carol", -33)]),
                .sharesDoNotSumToZero(sum: 33)
            ),
            (
                "shares whose sum overflows",
                Ops.spending(shares: [("alice", Int64.max), ("bob", 1), ("carol", -Int64.max)]), .sharesOverflow
            ),
        ] as [(String, ExpenseOperation, ExpenseRejection)])
    func aSpendingIsRejected(_ why: String, operation: ExpenseOperation, rejection: ExpenseRejection) {
        expectRejected(operation, after: [Ops.group()], rejection)
    }

    @Test func aSpendingIDIsNeverUsedTwiceNotEvenAfterItsDeletion() {
        let live = [Ops.group(), Ops.spending(id: "s1")]
        expectRejected(Ops.spending(id: "s2", at: 5), after: live, .spendingIDUsed(spendingID: "S1"))
        let deleted = live + [Ops.deleteSpending()]
        expectRejected(Ops.spending(id: "s2", at: 5), after: deleted, .spendingIDUsed(spendingID: "S1"))
        let groupDeleted = live + [Ops.deleteGroup(), Ops.group("G2", id: "g2", at: 10)]
        expectRejected(Ops.spending(in: "G2", id: "s2", at: 11), after: groupDeleted, .spendingIDUsed(spendingID: "S1"))
    }

    @Test func aBalanceThatWouldOverflowRejectsTheSpending() {
        let setup = [
            Ops.group(), Ops.spending(amount: 1, shares: [("alice", Int64.max), ("bob", -Int64.max)], id: "s1"),
        ]
        expectRejected(
            Ops.spending("S2", amount: 1, shares: [("alice", 1), ("bob", -1)], id: "s2", at: 3), after: setup,
            .balanceOverflow(userID: "alice", groupID: "G1", currency: "EUR"))
        // Another currency is another balance.
        foldAccepting(
            setup + [
                Ops.spending("S2", amount: 1, currency: "USD", shares: [("alice", 1), ("bob", -1)], id: "s2", at: 3)
            ])
    }

    @Test func deletingASpendingTakesItsSharesOutOfTheBalances() {
        let state = foldAccepting([
            Ops.group(), Ops.spending(id: "s1"),
            Ops.spending("S2", by: "bob", amount: 10, shares: [("bob", 10), ("alice", -10)], id: "s2", at: 3),
            Ops.deleteSpending(by: "carol", at: 4),
        ])
        #expect(state.spendings.keys.sorted() == ["S2"])
        #expect(state.balances == ["G1": ["alice": ["EUR": -10], "bob": ["EUR": 10]]])
    }

    @Test(
        arguments: [
            (
                "no such spending", [Ops.group()], Ops.deleteSpending("S9"),
                .noSuchSpending(spendingID: "S9", groupID: "G1")
            ),
            (
                "a spending of another group", [Ops.group(), Ops.group("G2", id: "g2"), Ops.spending(id: "s1")],
                Ops.deleteSpending(in: "G2"), .noSuchSpending(spendingID: "S1", groupID: "G2")
            ),
            (
                "a spending deleted already", [Ops.group(), Ops.spending(id: "s1"), Ops.deleteSpending(id: "ds1")],
                Ops.deleteSpending(at: 4), .noSuchSpending(spendingID: "S1", groupID: "G1")
            ),
            (
                "the author not a member", [Ops.group(), Ops.spending(id: "s1")], Ops.deleteSpending(by: "dave"),
                .authorNotAMember(author: "dave", groupID: "G1")
            ),
            (
                // alice's net is Int64.max after S1, S2 (-5) and S3 (+5); taking S2 out would overflow it.
                "a deletion whose net would overflow",
                [
                    Ops.group(),
                    Ops.spending(amount: 1, shares: [("alice", Int64.max), ("bob", -Int64.max)], id: "s1"),
                    Ops.spending("S2", amount: 5, shares: [("alice", -5), ("bob", 5)], id: "s2", at: 3),
                    Ops.spending("S3", amount: 5, shares: [("alice", 5), ("bob", -5)], id: "s3", at: 4),
                ],
                Ops.deleteSpending("S2", at: 5), .balanceOverflow(userID: "alice", groupID: "G1", currency: "EUR")
            ),
        ] as [(String, [ExpenseOperation], ExpenseOperation, ExpenseRejection)])
    func aSpendingDeletionIsRejected(
        _ why: String, setup: [ExpenseOperation], operation: ExpenseOperation, rejection: ExpenseRejection
    ) {
        expectRejected(operation, after: setup, rejection)
    }

    @Test func theReasonSaysWhatTheSharesSumTo() {
        #expect(ExpenseRejection.sharesDoNotSumToZero(sum: 150).description == "shares sum to 150, not 0")
    }
}
