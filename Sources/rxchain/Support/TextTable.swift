import Foundation

/// Rows of cells as aligned columns for people: every column but the last padded to its widest
/// cell, two spaces between columns, no trailing spaces. Cells are written as they are (escape
/// text from other devices first).
enum TextTable {
    static func lines(_ rows: [[String]]) -> [String] {
        let widths = rows.first.map { $0.indices.map { column in rows.map { $0[column].count }.max() ?? 0 } } ?? []
        return rows.map { row in
            row.indices.map {
                $0 == row.count - 1 ? row[$0] : row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
