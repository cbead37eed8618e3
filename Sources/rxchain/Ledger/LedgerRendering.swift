import Foundation
import Ledger

/// How ledger state is printed for people: a table; its JSON is the state's `Codable` form.
enum LedgerRendering {
    /// `ledger` without its tombstones unless `includeDeleted`.
    static func visible(_ ledger: ReplicatedLedger, includeDeleted: Bool) -> ReplicatedLedger {
        var shown = ledger
        if !includeDeleted { shown.transactions = ledger.transactions.filter { !$0.value.isDeleted } }
        return shown
    }

    /// The transactions as aligned columns (ordered by last change, then id), then the categories;
    /// control characters in ids, categories and descriptions are escaped (`\u{1B}`), so text
    /// from other devices cannot drive the terminal.
    static func table(_ ledger: ReplicatedLedger) -> [String] {
        let records = ledger.transactions.values.sorted { lhs, rhs in
            let left = lhs.modifiedAt ?? lhs.deletedAt
            let right = rhs.modifiedAt ?? rhs.deletedAt
            return left == right ? lhs.id < rhs.id : (left.map { l in right.map { l < $0 } ?? false } ?? true)
        }
        let rows = records.map { record in
            [
                record.id.escapingControlCharacters + (record.isDeleted ? " (deleted)" : ""),
                record.charge.map(charge) ?? "-",
                (record.category ?? "").escapingControlCharacters,
                record.type?.rawValue ?? "",
                (record.modifiedAt ?? record.deletedAt)?.description ?? "",
                (record.description ?? "").escapingControlCharacters,
            ]
        }
        let categories =
            ledger.categories.isEmpty
            ? "(none)" : ledger.categories.map(\.escapingControlCharacters).joined(separator: ", ")
        return TextTable.lines([["ID", "CHARGE", "CATEGORY", "TYPE", "MODIFIED", "DESCRIPTION"]] + rows)
            + ["", "categories: \(categories)"]
    }

    /// `12.5`, `12`, `-3`: the shortest form that reads back the same.
    private static func charge(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The ledger in the terminal: its table, deleted records included.
extension LedgerDomain: TerminalDomain {
    var jsonShape: String { #"{"categories":[…],"transactions":{…}}"# }

    func lines(_ ledger: ReplicatedLedger) -> [String] { LedgerRendering.table(ledger) }
}
