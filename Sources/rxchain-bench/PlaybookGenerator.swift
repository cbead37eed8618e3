import Foundation
import Ledger
import RxChainJSON
import RxChainLogs

/// Writes a realistic playbook for the replay benchmark, deterministically (no randomness:
/// the same N gives the same file).
///
/// Mix per 100 lines: ~60 new transactions, ~30 edits of recent ones, ~9 deletes, and
/// category traffic (a `categories/new` every 1,000 lines, a rename every 50,000, a delete
/// every 100,000). Timestamps advance 1.5 s per line from 2024-01-01, written with and without
/// fractions. Three devices take turns; every line carries `"actionId"`.
enum PlaybookGenerator {
    static let categories = ["Food", "Rent", "Transport", "Fun", "Health", "Groceries", "Travel", "Bills"]
    static let descriptions = [
        "Lunch with the team", "Monthly rent", "Bus ticket", "Cinema", "Pharmacy", "Weekly shop",
    ]

    /// Writes `lines` lines to `url`; returns the file size in bytes.
    static func write(lines: Int, to url: URL) throws -> Int {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 21)
        var total = 0
        var created = 0
        var seqs = [0, 0, 0]
        var categoryCount = categories.count
        for index in 0..<lines {
            let device = index % 3
            seqs[device] += 1
            let stamp = timestamp(milliseconds: Int64(index) * 1500)
            let action: LedgerAction
            if index < categories.count {
                action = .newCategory(categories[index])
            } else if index % 100_000 == 99_999 {
                action = .deleteCategory(categories[(index / 100_000) % categories.count])
            } else if index % 50_000 == 49_999 {
                action = .renameCategory(
                    from: categories[(index / 50_000) % categories.count], to: "Renamed \(index)")
            } else if index % 1000 == 0 {
                categoryCount += 1
                action = .newCategory("Category \(categoryCount)")
            } else if index % 100 < 60 || created < 10 {
                created += 1
                action = put(id: created, index: index, stamp: stamp)
            } else if index % 100 < 91 {
                action = put(id: created - (index % 7), index: index, stamp: stamp)
            } else {
                action = .deleteTransaction(id: "txn-\(created - (index % 5) - 1)", deletedAt: stamp)
            }
            let deviceName = ["phone-7f3a", "laptop-19c2", "tablet-a001"][device]
            buffer.append(
                contentsOf: action.encodeLine(
                    actionId: ActionID(deviceID: deviceName, seq: UInt64(seqs[device]))
                ).utf8)
            buffer.append(0x0A)
            if buffer.count >= 1 << 20 {
                try handle.write(contentsOf: buffer)
                total += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        return total + buffer.count
    }

    static func put(id: Int, index: Int, stamp: Timestamp) -> LedgerAction {
        let charge = Double((index &* 7919) % 100_000) / 100
        let put = try! TransactionPut(
            id: "txn-\(id)", charge: charge, category: categories[index % categories.count],
            type: [TransactionType.cash, .credit, .transfer][index % 3],
            description: index % 4 == 0 ? nil : descriptions[index % descriptions.count], modifiedAt: stamp)
        return .putTransaction(put)
    }

    /// `2024-01-01T00:00:00Z` plus `milliseconds`, with a fraction when it is not whole.
    static func timestamp(milliseconds: Int64) -> Timestamp {
        let seconds = milliseconds / 1000
        let days = Int(seconds / 86_400)
        let secondOfDay = Int(seconds % 86_400)
        var month = 1
        var day = days + 1
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var year = 2024
        while day > lengths[month - 1] {
            day -= lengths[month - 1]
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text =
            "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if milliseconds % 1000 != 0 { text += ".\(milliseconds % 1000)" }
        return try! Timestamp(parsing: text + "Z")
    }
}
