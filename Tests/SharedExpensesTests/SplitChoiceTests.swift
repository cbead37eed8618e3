import SharedExpenses
import Testing

/// How people type a split and a currency, and the shares a split makes of an amount.
@Suite struct SplitChoiceTests {
    @Test(arguments: [
        ("equal", SplitChoice.equal),
        ("alice=5.00,bob=7.34", .amounts(["alice": 500, "bob": 734])),
        ("bob=0.1", .amounts(["bob": 10])),
    ])
    func readsWhatPeopleType(_ text: String, _ choice: SplitChoice) {
        #expect(SplitChoice(parsing: text) == choice)
    }

    @Test(arguments: ["", "Equal", "alice", "alice=", "=5", "alice=5,alice=6", "alice=5.001", "alice=-5", "a=1;b=2"])
    func refusesWhatIsNotASplit(_ text: String) {
        #expect(SplitChoice(parsing: text) == nil)
    }

    @Test func anEqualSplitGivesTheOddCentsInUserIDOrder() throws {
        let shares = try SplitChoice.equal.shares(of: 1000, paidBy: "carol", among: ["carol", "bob", "alice"])
        #expect(
            shares == [
                Share(userID: "alice", amount: -334), Share(userID: "bob", amount: -333),
                Share(userID: "carol", amount: 667),
            ])
    }

    @Test func amountsMakeSharesSummingToZeroWithAnyPayer() throws {
        let shares = try SplitChoice.amounts(["alice": 250, "carol": 750])
            .shares(of: 1000, paidBy: "bob", among: ["alice", "bob", "carol"])
        #expect(
            shares == [
                Share(userID: "alice", amount: -250), Share(userID: "bob", amount: 1000),
                Share(userID: "carol", amount: -750),
            ])
    }

    @Test func refusesPortionsOutsideTheGroupOrNotSummingToTheAmount() {
        #expect(throws: AddExpenseFlow.Failure.split("not in the group: dave")) {
            try SplitChoice.amounts(["alice": 500, "dave": 500]).shares(of: 1000, paidBy: "alice", among: ["alice"])
        }
        #expect(throws: AddExpenseFlow.Failure.split("the portions sum to 4.00, not to the amount 10.00")) {
            try SplitChoice.amounts(["alice": 400]).shares(of: 1000, paidBy: "alice", among: ["alice", "bob"])
        }
        #expect(throws: AddExpenseFlow.Failure.split("the amount must be positive, not 0")) {
            try SplitChoice.equal.shares(of: 0, paidBy: "alice", among: ["alice", "bob"])
        }
    }

    @Test(arguments: [("EUR", "EUR"), ("usd", "USD"), ("Chf", "CHF")])
    func readsCurrencyCodes(_ text: String, _ code: String) {
        #expect(CurrencyCode.parse(text) == code)
    }

    @Test(arguments: ["", "EU", "EURO", "E1R", "ÉUR", "€"])
    func refusesWhatIsNotACurrencyCode(_ text: String) {
        #expect(CurrencyCode.parse(text) == nil)
    }
}
