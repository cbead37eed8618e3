import Foundation
import Ledger

/// How ledger state is printed: one JSON object, or a table for people.
enum LedgerRendering {
    /// `{"categories":[…],"transactions":{"<id>":{…}}}`: keys sorted, absent fields omitted,
    /// timestamps as written; with `includeDeleted` false, tombstones are left out.
    static func json(_ ledger: ReplicatedLedger, includeDeleted: Bool = true) throws -> String {
        var shown = ledger
        if !includeDeleted { shown.transactions = ledger.transactions.filter { !$0.value.isDeleted } }
        let data = try Terminal.makeJSONEncoder().encode(shown)
        return String(decoding: data, as: UTF8.self)
    }

    /// The transactions as aligned columns (ordered by last change, then id), then the categories;
    /// control characters in ids, categories and descriptions are escaped (`\u{1B}`), so text
    /// from other devices cannot drive the terminal.
    static func table(_ ledger: ReplicatedLedger, includeDeleted: Bool) -> String {
        let records = ledger.transactions.values
            .filter { includeDeleted || !$0.isDeleted }
            .sorted { lhs, rhs in
                let left = lhs.modifiedAt ?? lhs.deletedAt
                let right = rhs.modifiedAt ?? rhs.deletedAt
                return left == right ? lhs.id < rhs.id : (left.map { l in right.map { l < $0 } ?? false } ?? true)
            }
        var rows = [["ID", "CHARGE", "CATEGORY", "TYPE", "MODIFIED", "DESCRIPTION"]]
        for record in records {
            rows.append([
                record.id.escapingControlCharacters + (record.isDeleted ? " (deleted)" : ""),
                record.charge.map(charge) ?? "-",
                (record.category ?? "").escapingControlCharacters,
                record.type?.rawValue ?? "",
                (record.modifiedAt ?? record.deletedAt)?.description ?? "",
                (record.description ?? "").escapingControlCharacters,
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.indices.map {
                $0 == row.count - 1 ? row[$0] : row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        let categories =
            ledger.categories.isEmpty
            ? "(none)" : ledger.categories.map(\.escapingControlCharacters).joined(separator: ", ")
        return (lines + ["", "categories: \(categories)"]).joined(separator: "\n")
    }

    /// `12.5`, `12`, `-3`: the shortest form that reads back the same.
    static func charge(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The ledger in the terminal: its JSON and its table (deleted records included).
extension LedgerDomain: TerminalDomain {
    var jsonShape: String { #"{"categories":[…],"transactions":{…}}"# }

    func json(_ ledger: ReplicatedLedger) throws -> String { try LedgerRendering.json(ledger) }

    func text(_ ledger: ReplicatedLedger) -> String { LedgerRendering.table(ledger, includeDeleted: true) }
}
