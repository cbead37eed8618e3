import RxChainCore
import RxChainLogs
import SharedExpenses
import Synchronization
import Testing

/// The add-expense flow: it offers only the user's groups and friends, splits without losing a
/// cent, records nothing when cancelled, and records one spending for a double submit.
@Suite struct AddExpenseFlowTests {
    /// Answers given in advance; `pick` chooses among the offered counterparties (nil: dismiss).
    struct Answers: AddExpensePrompts {
        var pick: @Sendable ([Counterparty]) -> Counterparty? = { $0.first }
        var amountAnswer: Int64 = 1000
        var splitAnswer: SplitChoice = .equal
        var confirmations: [Bool] = [true]
        let offered = Offered()

        func counterparty(among choices: [Counterparty]) -> Flow<Counterparty> {
            offered.choices.withLock { $0 = choices }
            return .asking { answer in
                if let picked = pick(choices) { answer.complete(picked) } else { answer.cancel() }
            }
        }
        func name() -> Flow<String> { .completed("lunch") }
        func amount() -> Flow<Int64> { .completed(amountAnswer) }
        func currency() -> Flow<String> { .completed("EUR") }
        func split(amount: Int64, members: [String]) -> Flow<SplitChoice> { .completed(splitAnswer) }
        func confirm(_ spending: SpendingCreationPayload) -> Flow<Bool> {
            // A confirm button tapped as many times as there are answers.
            .asking { answer in for confirmation in confirmations { answer.complete(confirmation) } }
        }
    }

    /// The user's device, in memory: its fold, holding each operation id once.
    final class Device: Sendable {
        let fold: Mutex<OrderedLogFold<SharedExpensesDomain>>

        init(_ operations: [ExpenseOperation]) {
            var fold = OrderedLogFold(domain: SharedExpensesDomain())
            fold.receive(operations)
            self.fold = Mutex(fold)
        }

        var state: SharedExpensesState { fold.withLock { $0.state } }
        var locals: [ExpenseOperation] { fold.withLock { $0.localEntries } }

        func flow(_ answers: Answers, user: String = "alice") -> AddExpenseFlow {
            let ids = Offered()
            return AddExpenseFlow(
                user: user, prompts: answers, state: { self.state },
                record: { operation in self.fold.withLock { _ = $0.addLocal(operation) } }, now: { 1_000 },
                makeID: {
                    ids.count.withLock { count in
                        count += 1
                        return "id\(count)"
                    }
                })
        }
    }

    static let world = [
        Ops.group("G1", members: ["alice", "bob", "carol"], name: "Trip", id: "g1"),
        Ops.group("G2", by: "bob", members: ["bob", "carol"], id: "g2"),
        Ops.friend(.sendFriendRequest(target: "dave"), by: "alice", id: "f1", at: 3),
        Ops.friend(.acceptFriendRequest(sender: "alice"), by: "dave", id: "f2", at: 4),
        Ops.friend(.sendFriendRequest(target: "erin"), by: "alice", id: "f3", at: 5),
    ]

    @Test func thePickerOffersOnlyTheUsersGroupsAndFriends() async throws {
        let device = Device(Self.world)
        let answers = Answers(pick: { _ in nil })
        #expect(try await device.flow(answers).flow.run() == .cancelled)
        #expect(answers.offered.choices.withLock { $0 } == [.group(id: "G1", name: "Trip"), .friend("dave")])
        #expect(device.locals.isEmpty, "a dismissed picker records nothing")
    }

    @Test func anEqualSplitLosesNoCent() async throws {
        let device = Device(Self.world)
        let result = try await device.flow(Answers(amountAnswer: 1000)).flow.run()
        let added = try #require(result.value)
        #expect(added.spending.shares.map(\.amount) == [666, -333, -333])
        #expect(device.locals.map(\.operationID) == ["id1"])
        #expect(device.state.balances["G1"]?["alice"]?["EUR"] == 666)
    }

    @Test func aFriendsExpenseGoesToTheGroupOfTheTwoCreatedFirst() async throws {
        let device = Device(Self.world)
        let answers = Answers(pick: { _ in .friend("dave") }, splitAnswer: .amounts(["dave": 1000]))
        let added = try #require(try await device.flow(answers).flow.run().value)
        #expect(added.operations.map(\.type) == ["createSpendingGroup", "createSpending"])
        #expect(added.operations.map(\.createdAt) == [1_000, 1_001])
        #expect(device.state.groups["id3"]?.participants == ["alice", "dave"])
        #expect(device.state.balances["id3"] == ["alice": ["EUR": 1000], "dave": ["EUR": -1000]])
        // The next expense with dave finds that group.
        let again = try #require(try await device.flow(answers).flow.run().value)
        #expect(again.operations.map(\.type) == ["createSpending"])
        #expect(again.spending.groupID == "id3")
    }

    @Test func aDoubleSubmitRecordsOneSpending() async throws {
        let device = Device(Self.world)
        let added = try #require(try await device.flow(Answers(confirmations: [true, true])).flow.run().value)
        #expect(device.locals.count == 1)
        // Recording the run's operations again (a retry) records nothing new.
        for operation in added.operations { device.fold.withLock { _ = $0.addLocal(operation) } }
        #expect(device.locals.count == 1)
        #expect(device.state.spendings.count == 1)
    }

    @Test func declinedAtTheConfirmationNothingIsRecorded() async throws {
        let device = Device(Self.world)
        #expect(try await device.flow(Answers(confirmations: [false])).flow.run() == .cancelled)
        #expect(device.locals.isEmpty)
    }

    @Test func portionsThatDoNotSumToTheAmountAreRefused() async throws {
        let device = Device(Self.world)
        let answers = Answers(amountAnswer: 1000, splitAnswer: .amounts(["bob": 500, "carol": 499]))
        await #expect(throws: AddExpenseFlow.Failure.self) { try await device.flow(answers).flow.run() }
        #expect(device.locals.isEmpty)
    }
}

/// What a test double saw: the choices offered, a count of ids made.
final class Offered: Sendable {
    let choices = Mutex<[Counterparty]>([])
    let count = Mutex(0)
}
