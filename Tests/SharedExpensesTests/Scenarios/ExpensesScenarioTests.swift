import Foundation
import RxChainScenarioTesting
import RxChainScenarios
import SharedExpensesScenarios
import Testing

/// The expenses examples (`Examples/*.scenario` with `domain expenses`), run in this process
/// against the scenario's own server, with the outcome `rxchain run` reports; and the steps'
/// unhappy paths.
@Suite struct ExpensesScenarioTests: ServerScenarioExampleSuite {
    static var domain: SharedExpensesScenarios { SharedExpensesScenarios() }

    @Test func thereAreAtLeastFourExamples() {
        expectExamples(atLeast: 4)
    }

    @Test(arguments: scenarios)
    func exampleRunsInProcess(_ name: String) async throws {
        try await expectExamplePasses(name)
    }

    @Test func aWrongBalanceFailsNamingTheValue() async throws {
        let (result, events) = try await run(
            """
            domain expenses
            device alice
            alice: new-group G1 "Flat" with bob
            alice: spend G1 s1 "rent" 12.35 EUR
            expect alice balances.G1.bob.EUR == -618
            """)
        #expect(result.outcome == .failed)
        let failed = try #require(events.first { $0.status == .failed })
        #expect(failed.actual == "-617")
    }

    @Test func usageErrorsNameTheLineAndTheUsage() async throws {
        let lines = [
            "domain expenses", "device alice",
            "alice: spend G1",
            "alice: new-group G1 \"Flat\" bob",
            "alice: spend G1 s1 \"x\" 12,50 EUR",
            "alice: spend G1 s1 \"x\" 12.50 EURO",
            "alice: spend G1 s1 \"x\" 12.50 EUR split alice:12.50",
            "alice: delete s1 split equal",
            "alice: request bob at yesterday",
            "alice: accept bob as o1 as o2",
            "alice: new-group a/b \"Flat\" with bob",
            "alice: new-group G2 \"Flat\" with bob,étienne",
            "alice: spend G1 s1 \"x\" 0 EUR",
            "alice: unfriend",
        ]
        do {
            _ = try await run(lines.joined(separator: "\n"))
            Issue.record("the script parsed")
        } catch let errors as ScenarioScriptErrors {
            let messages = errors.errors.map(\.message)
            #expect(errors.errors.map(\.location.line) == Array(3...14), "\(errors)")
            #expect(
                messages[0]
                    == "usage: DEVICE: spend GROUP SPENDING \"NAME\" AMOUNT CURRENCY [split equal|USER=AMOUNT,…] "
                    + "[paid-by USER] [at TIME] [as OPERATION]")
            #expect(messages[1] == "usage: DEVICE: new-group GROUP \"NAME\" with USER[,USER…] [at TIME] [as OPERATION]")
            #expect(messages[2].contains("'12,50' is not a positive amount"), "\(messages[2])")
            #expect(messages[3].contains("'EURO' is not a currency"), "\(messages[3])")
            #expect(messages[4].contains("'alice:12.50' is not a split"), "\(messages[4])")
            #expect(messages[5].contains("unexpected 'split'"), "\(messages[5])")
            #expect(messages[6].contains("'yesterday'"), "\(messages[6])")
            #expect(messages[7].contains("'as' is given twice"), "\(messages[7])")
            #expect(messages[8].contains("'a/b' is not a group id"), "\(messages[8])")
            #expect(messages[9].contains("'étienne' is not a user name"), "\(messages[9])")
            #expect(messages[10].contains("'0' is not a positive amount"), "\(messages[10])")
            #expect(messages[11] == "usage: DEVICE: unfriend USER [at TIME] [as OPERATION]")
        }
    }

    @Test func refusedStepsAreTheDevicesErrorAndChangeNothing() async throws {
        let (result, events) = try await run(
            """
            domain expenses
            device alice
            alice: new-group G1 "Flat" with bob
            alice: spend G2 s1 "rent" 10.00 EUR
            expect alice error contains "G2 is not one of the user's live groups"
            alice: spend G1 s1 "rent" 10.00 EUR split bob=4.00
            expect alice error contains "cannot split: the portions sum to 4.00"
            alice: spend G1 s1 "rent" 10.00 EUR split carol=10.00
            expect alice error contains "not in the group: carol"
            alice: spend G1 s1 "rent" 10.00 EUR paid-by carol
            expect alice error contains "carol"
            alice: delete s9
            expect alice error contains "no spending s9"
            alice: accept bob
            expect alice error contains "acceptFriendRequest"
            alice: new-group G1 "Again" with bob
            expect alice error contains "createSpendingGroup"
            expect alice pending == 1
            expect alice count spendings == 0
            expect alice rejected == []
            """)
        #expect(result.outcome == .passed, "\(events.map { "\($0.step) \($0.detail)" })")
        let refused = events.filter { $0.step.hasPrefix("alice:") && $0.status == .note }
        #expect(refused.count == 7, "\(events.map { "\($0.step) \($0.status)" })")
        #expect(refused.allSatisfy { $0.changes.isEmpty }, "\(refused.map(\.changes))")
    }

    /// Operations made at the same instant fold in script order: their default ids are numbered
    /// as the script made them (`op0001`, …), and the fold breaks ties by id.
    @Test func operationsOfOneInstantFoldInScriptOrder() async throws {
        let (result, events) = try await run(
            """
            domain expenses
            device alice
            device bob
            alice: new-group G1 "Flat" with bob
            sync alice bob
            offline bob
            bob: delete-group G1
            alice: spend G1 s1 "rent" 10.00 EUR
            sync alice
            online bob
            sync bob alice
            expect alice rejected == ["op0003"]
            expect alice rejections.op0003 contains "no live group G1"
            expect bob == alice
            """)
        #expect(result.outcome == .passed, "\(events.map { "\($0.step) \($0.detail) \($0.actual ?? "")" })")
    }
}
