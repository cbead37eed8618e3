import Foundation
import RxChainTesting
import Testing

@testable import Ledger

@Suite struct LedgerReducerTests {
    static let t1 = "2024-05-01T10:00:00Z"
    static let t2 = "2024-05-01T11:00:00Z"
    static let t3 = "2024-05-01T12:00:00Z"

    func makeStore(_ state: LedgerState = LedgerState()) -> TestStore<LedgerState, LedgerMessage, LedgerAction> {
        TestStore(initialState: state, reducer: LedgerReducer.reducer)
    }

    @Test func registersEveryTagOnce() {
        #expect(
            LedgerReducer.reducer.tags.map(\.rawValue) == [
                "transactions/put", "transactions/delete", "categories/new", "categories/rename",
                "categories/delete", "errors/record", "errors/dismiss", "screen/filter", "screen/route",
                "sync/rebase",
            ])
    }

    @Test func persistedActionsChangeTheLedgerAndProduceThemselvesAsTheOneRequest() throws {
        let store = makeStore()
        try store.send(.action(.newCategory("Food")), requests: [.newCategory("Food")]) {
            $0.replicated.categories = ["Food"]
        }
        let first = put("a", 12.5, category: "Food", type: .cash, modified: Self.t1)
        try store.send(.action(first), requests: [first]) {
            $0.replicated.transactions["a"] = record("a", 12.5, category: "Food", type: .cash, modified: Self.t1)
        }
        let edit = put("a", 13, description: "lunch", modified: Self.t2)
        try store.send(.action(edit), requests: [edit]) {
            $0.replicated.transactions["a"] = record(
                "a", 13, category: "Food", type: .cash, description: "lunch", modified: Self.t2)
        }
        try store.send(
            .action(.renameCategory(from: "Food", to: "Meals")), requests: [.renameCategory(from: "Food", to: "Meals")]
        ) {
            $0.replicated.categories = ["Meals"]
            $0.replicated.transactions["a"]?.category = "Meals"
        }
        try store.send(.action(.deleteCategory("Meals")), requests: [.deleteCategory("Meals")]) {
            $0.replicated.categories = []
            $0.replicated.transactions["a"]?.category = ""
        }
        let delete = LedgerAction.deleteTransaction(id: "a", deletedAt: ts(Self.t3))
        try store.send(.action(delete), requests: [delete]) {
            $0.replicated.transactions["a"] = Transaction(id: "a", deletedAt: ts(Self.t3))
        }
    }

    @Test(arguments: [
        (put("a", 1, modified: "2024-05-01T10:00:00Z"), "ignored: not newer than the record's modifiedAt"),
        (
            LedgerAction.deleteTransaction(id: "zz", deletedAt: ts("2024-05-01T12:00:00Z")),
            "ignored: no transaction with that id"
        ),
        (LedgerAction.newCategory("Food"), "ignored: the category exists"),
        (LedgerAction.renameCategory(from: "Nope", to: "X"), "ignored: no category with that name"),
        (LedgerAction.deleteCategory("Nope"), "ignored: no category with that name"),
    ])
    func ignoredActionsAreRejectedWithTheRuleAndNoRequestNorError(action: LedgerAction, reason: String) throws {
        let store = makeStore(
            LedgerState(
                replicated: ReplicatedLedger(
                    categories: ["Food"], transactions: ["a": record("a", 5, modified: Self.t2)])))
        try store.reject(.action(action)) { rejection in
            #expect("ignored: " + rejection.reason == reason)
            #expect(rejection.description == "\(action.tag): \(reason)")
            #expect(rejection.field == nil)
            #expect(rejection.tag == action.tag)
            #expect(rejection.isIgnored)
        }
        #expect(store.state.errors.isEmpty)
    }

    @Test func anInvalidActionIsRejectedNamingTheField() throws {
        let store = makeStore()
        try store.reject(.action(.deleteTransaction(id: "", deletedAt: ts(Self.t1)))) { rejection in
            #expect(rejection.field == "payload.id")
            #expect(rejection.description == "transactions/delete: payload.id: must not be empty")
            #expect(!rejection.isIgnored)
        }
        #expect(store.state == LedgerState())
    }

    @Test func localMessagesChangeOnlyTheScreenAndProduceNoRequests() throws {
        let store = makeStore()
        try store.send(.recordError("payload.id: must not be empty")) {
            $0.errors = ["payload.id: must not be empty"]
        }
        try store.send(.recordError("second")) { $0.errors.append("second") }
        try store.send(.dismissError(at: 0)) { $0.errors = ["second"] }
        try store.send(.setFilter("Food")) { $0.filter = "Food" }
        try store.send(.setFilter(nil)) { $0.filter = nil }
        try store.send(.navigate(to: .transaction(id: "a"))) { $0.route = .transaction(id: "a") }
        try store.send(.navigate(to: .categories)) { $0.route = .categories }
    }

    @Test func aRebaseReplacesOnlyTheReplicatedLedgerAndProducesNoRequests() throws {
        let store = makeStore(
            LedgerState(replicated: ReplicatedLedger(categories: ["Old"]), errors: ["e"], filter: "Old"))
        let synced = ReplicatedLedger(categories: ["Food"], transactions: ["a": record("a", 1, modified: Self.t1)])
        try store.send(.rebase(synced)) { $0.replicated = synced }
    }

    @Test func dismissingAMissingErrorIsRejectedNamingTheIndex() throws {
        let store = makeStore(LedgerState(errors: ["only"]))
        try store.reject(.dismissError(at: 1)) { rejection in
            #expect(rejection.field == "index")
            #expect(rejection.reason == "no error at index 1 (there are 1)")
        }
    }

    @Test func onlyActionsProduceSyncRequests() throws {
        #expect(LedgerMessage.action(.newCategory("x")).tag == "categories/new")
        for local in [
            LedgerMessage.recordError("e"), .dismissError(at: 0), .setFilter(nil), .navigate(to: .categories),
            .rebase(ReplicatedLedger()),
        ] {
            #expect(try LedgerReducer.reducer.reduce(LedgerState(errors: ["e"]), local).requests.isEmpty)
        }
    }

    @Test(arguments: [
        put(
            "t-1", 12.5, category: "Food/Drink", type: .credit, description: "café",
            modified: "2024-05-01T10:00:01.500+02:00"),
        put("t-2", -3, modified: "2024-05-01T10:00:00Z", deleted: "2024-05-01T11:00:00Z"),
        LedgerAction.deleteTransaction(id: "t-1", deletedAt: ts("2024-05-01T10:00:01.000Z")),
        LedgerAction.newCategory("Food"),
        LedgerAction.renameCategory(from: "Food", to: "Meals"),
        LedgerAction.deleteCategory("Meals"),
    ])
    func anActionsCodableFormIsItsLine(action: LedgerAction) throws {
        let encoded = try JSONEncoder().encode(action)
        let asObject = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
        let lineObject = try JSONSerialization.jsonObject(with: Data(action.line.utf8)) as? NSDictionary
        #expect(asObject == lineObject)
        let decoded = try JSONDecoder().decode(LedgerAction.self, from: encoded)
        #expect(decoded == action)
        #expect(decoded.line == action.line)
    }

    @Test func decodingRefusesWhatTheParserRefuses() {
        let lines = [
            #"{"type":"transactions/put","payload":{"id":"","charge":1,"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            #"{"type":"transactions/delete","payload":{"id":"","deletedAt":"2024-01-01T00:00:00Z"}}"#,
            #"{"type":"categories/explode","payload":"x"}"#,
            #"{"type":"transactions/put","payload":{"id":"a","charge":1,"modifiedAt":"2024-13-01T00:00:00Z"}}"#,
        ]
        for line in lines {
            #expect(throws: DecodingError.self, "\(line)") {
                try JSONDecoder().decode(LedgerAction.self, from: Data(line.utf8))
            }
        }
    }
}
