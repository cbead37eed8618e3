import RxChainJSON

@testable import Ledger

/// A timestamp the test knows is valid.
func ts(_ text: String) -> Timestamp {
    do {
        return try Timestamp(parsing: text)
    } catch {
        fatalError("test timestamp \(text) \(error)")
    }
}

/// A put the test knows is valid.
func put(
    _ id: String, _ charge: Double, category: String? = nil, type: TransactionType? = nil,
    description: String? = nil, modified: String, deleted: String? = nil
) -> LedgerAction {
    .putTransaction(
        TransactionPut(
            unchecked: id, charge: charge, category: category, type: type, description: description,
            modifiedAt: ts(modified), deletedAt: deleted.map(ts)))
}

/// A live record as a put creates it.
func record(
    _ id: String, _ charge: Double, category: String? = nil, type: TransactionType? = nil,
    description: String? = nil, modified: String, deleted: String? = nil
) -> Transaction {
    Transaction(
        id: id, charge: charge, category: category, type: type, description: description,
        modifiedAt: ts(modified), deletedAt: deleted.map(ts))
}
