import RxChainCollections
import RxChainJSON
import RxChainTesting

@testable import Ledger

/// Seeded generators of whole ledgers, for snapshot round trips.
enum LedgerGen {
    /// Short texts, with quotes, escapes and non-ASCII characters.
    static let text = Gen.string(alphabet: "ab Zé€😀\"\\\n", length: 0...8)

    /// Timestamps in the written forms that compare equal but print differently.
    static let timestamp = Gen.element(of: [
        "2024-05-01T10:00:00Z", "2024-05-01T10:00:00.5Z", "2024-05-01T12:00:00+02:00",
        "2024-05-01T10:00:00-00:00", "2016-12-31T23:59:60Z", "0001-01-01T00:00:00.000000001+23:59",
        "9999-12-31T23:59:59.999999999-23:59",
    ])
    .map { try! Timestamp(parsing: $0) }

    /// Finite charges, including signed zeros and extremes.
    static let charge = Gen.oneOf(
        Gen.integer(in: -1_000_000...1_000_000).map { Double($0) / 100 },
        Gen.element(of: [0.0, -0.0, 0.1 + 0.2, Double.greatestFiniteMagnitude, -Double.leastNonzeroMagnitude]))

    /// A key and the record under it; the record's `id` differs from the key one time in four.
    static let entry = Gen.zip(
        Gen.zip(text, Gen.integer(in: 0...3), charge.optional(), text.optional()),
        Gen.zip(Gen.element(of: TransactionType.allCases).optional(), text.optional()),
        Gen.zip(timestamp.optional(), timestamp.optional())
    )
    .map { first, second, stamps in
        let (key, idChoice, charge, category) = first
        let transaction = Transaction(
            id: idChoice == 0 ? key + "#" : key, charge: charge, category: category, type: second.0,
            description: second.1, modifiedAt: stamps.0, deletedAt: stamps.1)
        return (key, transaction)
    }

    /// Ledgers of up to 6 categories and 40 records (a repeated key keeps its last record).
    static let ledger = Gen.zip(text.array(length: 0...6), entry.array(length: 0...40)).map { categories, entries in
        var transactions = TreeDictionary<String, Transaction>()
        for (key, transaction) in entries { transactions[key] = transaction }
        return ReplicatedLedger(categories: categories, transactions: transactions)
    }
}
