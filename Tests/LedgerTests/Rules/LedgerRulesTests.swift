import RxChainCollections
import Testing

@testable import Ledger

@Suite struct LedgerRulesTests {
    /// One rule case: a starting ledger, an action, the outcome and the WHOLE next ledger.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let before: ReplicatedLedger
        let action: LedgerAction
        let outcome: LedgerRuleOutcome
        let after: ReplicatedLedger
        var testDescription: String { name }
    }

    static let t1 = "2024-05-01T10:00:00Z"
    static let t2 = "2024-05-01T10:00:00.5Z"
    static let t3 = "2024-05-01T11:00:00Z"
    static let t4 = "2024-05-01T12:00:00Z"

    static func ledger(_ records: [Transaction], categories: [String] = []) -> ReplicatedLedger {
        ReplicatedLedger(
            categories: categories,
            transactions: TreeDictionary(uniqueKeysWithValues: records.map { ($0.id, $0) }))
    }

    static let live = record("a", 10, category: "Food", type: .cash, description: "lunch", modified: t2)
    static let tombstone = Transaction(id: "a", deletedAt: ts(t3))

    static let putCases: [Case] = [
        Case(
            name: "put creates an unknown id", before: ledger([]),
            action: put("a", 10, category: "Food", type: .cash, description: "lunch", modified: t2),
            outcome: .applied, after: ledger([live])),
        Case(
            name: "put creates with omitted fields", before: ledger([]), action: put("a", 1.5, modified: t1),
            outcome: .applied, after: ledger([record("a", 1.5, modified: t1)])),
        Case(
            name: "put creates a deleted record when it carries deletedAt", before: ledger([]),
            action: put("a", 1, modified: t1, deleted: t2), outcome: .applied,
            after: ledger([record("a", 1, modified: t1, deleted: t2)])),
        Case(
            name: "put merges present fields and keeps omitted ones", before: ledger([live]),
            action: put("a", 12.5, description: "dinner", modified: t3), outcome: .applied,
            after: ledger([
                record("a", 12.5, category: "Food", type: .cash, description: "dinner", modified: t3)
            ])),
        Case(
            name: "put with an equal modifiedAt is ignored", before: ledger([live]),
            action: put("a", 99, modified: "2024-05-01T12:00:00.5+02:00"),
            outcome: .ignored(.notNewerThanModification), after: ledger([live])),
        Case(
            name: "put with an older modifiedAt is ignored", before: ledger([live]),
            action: put("a", 99, modified: t1),
            outcome: .ignored(.notNewerThanModification), after: ledger([live])),
        Case(
            name: "put not after the deletion is ignored", before: ledger([tombstone]),
            action: put("a", 99, modified: t3), outcome: .ignored(.notNewerThanDeletion),
            after: ledger([tombstone])),
        Case(
            name: "put whose deletedAt is not after modifiedAt is ignored", before: ledger([live]),
            action: put("a", 99, modified: t3, deleted: t2),
            outcome: .ignored(.deletionNotNewerThanModification),
            after: ledger([live])),
        Case(
            name: "put after a deletion merges but the record stays deleted", before: ledger([tombstone]),
            action: put("a", 7, category: "Rent", modified: t4), outcome: .applied,
            after: ledger([record("a", 7, category: "Rent", modified: t4, deleted: t3)])),
        Case(
            name: "put carrying a later deletedAt moves the deletion", before: ledger([live]),
            action: put("a", 10, modified: t3, deleted: t4), outcome: .applied,
            after: ledger([
                record(
                    "a", 10, category: "Food", type: .cash, description: "lunch", modified: t3, deleted: t4)
            ])),
        Case(
            name: "put carrying an earlier deletedAt keeps the later deletion",
            before: ledger([record("a", 1, modified: t1, deleted: t4)]),
            action: put("a", 2, modified: "2024-05-01T13:00:00Z", deleted: t3), outcome: .applied,
            after: ledger([record("a", 2, modified: "2024-05-01T13:00:00Z", deleted: t4)])),
    ]

    static let deleteCases: [Case] = [
        Case(
            name: "delete of an unknown id is ignored", before: ledger([live]),
            action: .deleteTransaction(id: "b", deletedAt: ts(t4)), outcome: .ignored(.unknownTransaction),
            after: ledger([live])),
        Case(
            name: "delete makes a tombstone", before: ledger([live]),
            action: .deleteTransaction(id: "a", deletedAt: ts(t3)),
            outcome: .applied, after: ledger([tombstone])),
        Case(
            name: "delete at modifiedAt is ignored", before: ledger([live]),
            action: .deleteTransaction(id: "a", deletedAt: ts(t2)),
            outcome: .ignored(.deletionBeforeModification),
            after: ledger([live])),
        Case(
            name: "delete before modifiedAt is ignored", before: ledger([live]),
            action: .deleteTransaction(id: "a", deletedAt: ts(t1)),
            outcome: .ignored(.deletionBeforeModification),
            after: ledger([live])),
        Case(
            name: "delete at the same instant as the deletion is ignored", before: ledger([tombstone]),
            action: .deleteTransaction(id: "a", deletedAt: ts("2024-05-01T13:00:00+02:00")),
            outcome: .ignored(.alreadyDeleted), after: ledger([tombstone])),
        Case(
            name: "delete before the deletion is ignored", before: ledger([tombstone]),
            action: .deleteTransaction(id: "a", deletedAt: ts(t2)), outcome: .ignored(.alreadyDeleted),
            after: ledger([tombstone])),
        Case(
            name: "a later delete moves the tombstone", before: ledger([tombstone]),
            action: .deleteTransaction(id: "a", deletedAt: ts(t4)), outcome: .applied,
            after: ledger([Transaction(id: "a", deletedAt: ts(t4))])),
        Case(
            name: "delete drops the fields of a deleted record",
            before: ledger([record("a", 1, category: "Food", modified: t4, deleted: t3)]),
            action: .deleteTransaction(id: "a", deletedAt: ts("2024-05-01T13:00:00Z")), outcome: .applied,
            after: ledger([Transaction(id: "a", deletedAt: ts("2024-05-01T13:00:00Z"))])),
    ]

    static let food = record("a", 1, category: "Food", modified: t1)
    static let rent = record("b", 2, category: "Rent", modified: t1)
    static let bare = record("c", 3, modified: t1)

    static func moved(_ transaction: Transaction, to category: String) -> Transaction {
        var copy = transaction
        copy.category = category
        return copy
    }

    static let categoryCases: [Case] = [
        Case(
            name: "new appends", before: ledger([], categories: ["Food"]), action: .newCategory("Rent"),
            outcome: .applied, after: ledger([], categories: ["Food", "Rent"])),
        Case(
            name: "new with an empty name is ignored", before: ledger([], categories: ["Food"]),
            action: .newCategory(""), outcome: .ignored(.emptyName), after: ledger([], categories: ["Food"])),
        Case(
            name: "new with an existing name is ignored", before: ledger([], categories: ["Food"]),
            action: .newCategory("Food"), outcome: .ignored(.categoryExists),
            after: ledger([], categories: ["Food"])),
        Case(
            name: "new is case-sensitive", before: ledger([], categories: ["Food"]),
            action: .newCategory("food"),
            outcome: .applied, after: ledger([], categories: ["Food", "food"])),
        Case(
            name: "rename in place moves transactions",
            before: ledger([food, rent, bare], categories: ["Food", "Rent", "Fun"]),
            action: .renameCategory(from: "Food", to: "Meals"), outcome: .applied,
            after: ledger([moved(food, to: "Meals"), rent, bare], categories: ["Meals", "Rent", "Fun"])),
        Case(
            name: "rename onto an existing name merges",
            before: ledger([food, rent, bare], categories: ["Food", "Rent", "Fun"]),
            action: .renameCategory(from: "Rent", to: "Food"), outcome: .applied,
            after: ledger([food, moved(rent, to: "Food"), bare], categories: ["Food", "Fun"])),
        Case(
            name: "rename of a missing category is ignored", before: ledger([food], categories: ["Food"]),
            action: .renameCategory(from: "Nope", to: "Food2"), outcome: .ignored(.unknownCategory),
            after: ledger([food], categories: ["Food"])),
        Case(
            name: "rename to an empty name is ignored", before: ledger([food], categories: ["Food"]),
            action: .renameCategory(from: "Food", to: ""), outcome: .ignored(.emptyTarget),
            after: ledger([food], categories: ["Food"])),
        Case(
            name: "rename to the same name is ignored", before: ledger([food], categories: ["Food"]),
            action: .renameCategory(from: "Food", to: "Food"), outcome: .ignored(.sameName),
            after: ledger([food], categories: ["Food"])),
        Case(
            name: "delete removes and clears its transactions",
            before: ledger([food, rent, bare], categories: ["Food", "Rent"]), action: .deleteCategory("Food"),
            outcome: .applied, after: ledger([moved(food, to: ""), rent, bare], categories: ["Rent"])),
        Case(
            name: "delete of a missing category is ignored", before: ledger([food], categories: ["Food"]),
            action: .deleteCategory("food"), outcome: .ignored(.unknownCategory),
            after: ledger([food], categories: ["Food"])),
    ]

    @Test(arguments: putCases + deleteCases + categoryCases)
    func appliesTheRule(_ rule: Case) {
        var ledger = rule.before
        let outcome = LedgerRules.apply(rule.action, to: &ledger)
        #expect(outcome == rule.outcome)
        #expect(ledger == rule.after)
        // Compared as text too, so `…Z` and `…+00:00` count as different.
        #expect(
            ledger.transactions.mapValues { $0.modifiedAt?.description }
                == rule.after.transactions.mapValues { $0.modifiedAt?.description })
    }

    @Test func anActionBuiltInvalidChangesNothing() {
        var ledger = Self.ledger([Self.live], categories: ["Food"])
        let before = ledger
        let outcome = LedgerRules.apply(.deleteTransaction(id: "", deletedAt: ts(Self.t4)), to: &ledger)
        #expect(
            outcome
                == .invalid(LedgerActionError(field: "payload.id", kind: .empty, detail: "must not be empty"))
        )
        #expect(ledger == before)
    }

    @Test func transactionPutChecksWhatThePlaybookRequires() {
        #expect(throws: LedgerActionError(field: "payload.id", kind: .empty, detail: "must not be empty")) {
            try TransactionPut(id: "", charge: 1, modifiedAt: ts(Self.t1))
        }
        #expect { try TransactionPut(id: "a", charge: .infinity, modifiedAt: ts(Self.t1)) } throws: { error in
            (error as? LedgerActionError)?.field == "payload.charge"
        }
        #expect { try TransactionPut(id: "a", charge: .nan, modifiedAt: ts(Self.t1)) } throws: { error in
            (error as? LedgerActionError)?.kind == .notFinite
        }
    }
}
