import RxChainCollections
import RxChainJSON
import RxChainLogs

/// The compact binary form of a ``ReplicatedLedger`` in the device's local file
/// (``LedgerDomain``'s snapshot format, ``format``).
///
/// Layout, in ``SnapshotWriter``'s vocabulary (varints, length-prefixed UTF-8 strings,
/// 8-byte little-endian doubles):
///
/// 1. `categories`: a varint count, then each name as a string, in order.
/// 2. A string table: a varint count, then distinct strings. Transactions refer to their
///    `category` and `description` by index into it, so the few names repeated across
///    thousands of records are stored, and decoded, once.
/// 3. `transactions`: a varint count, then per record (in the map's iteration order):
///    - its key (string);
///    - a flags byte saying which fields follow: `0x01` charge, `0x02` category,
///      `0x04` type, `0x08` description, `0x10` modifiedAt, `0x20` deletedAt, `0x40` an
///      `id` different from the key (other bits must be 0);
///    - then, in that order, those present: `id` (string), `charge` (double),
///      `category` (varint table index), `type` (byte: 0 cash, 1 credit, 2 transfer),
///      `description` (varint table index), `modifiedAt` and `deletedAt` (strings: the
///      timestamp's text exactly as written, parsed again when read).
///
/// Reading gives a ledger equal (`==`) to the one written, field by field: absent optional
/// fields stay absent, timestamps keep their written text, charges their exact bits.
/// Change ``format`` whenever this layout changes.
enum LedgerSnapshotCodec {
    /// The format name saved in the local file.
    static let format = "ledger/1"

    private enum Flag {
        static let charge: UInt8 = 0x01
        static let category: UInt8 = 0x02
        static let type: UInt8 = 0x04
        static let description: UInt8 = 0x08
        static let modifiedAt: UInt8 = 0x10
        static let deletedAt: UInt8 = 0x20
        static let id: UInt8 = 0x40
        static let all: UInt8 = 0x7F
    }

    private static let types: [TransactionType] = [.cash, .credit, .transfer]

    /// Writes `ledger` in the layout above.
    static func encode(_ ledger: ReplicatedLedger, into writer: inout SnapshotWriter) {
        writer.write(count: ledger.categories.count)
        for name in ledger.categories { writer.write(name) }
        var table: [String: Int] = [:]
        var strings: [String] = []
        func intern(_ string: String?) {
            guard let string, table[string] == nil else { return }
            table[string] = strings.count
            strings.append(string)
        }
        for transaction in ledger.transactions.values {
            intern(transaction.category)
            intern(transaction.description)
        }
        writer.write(count: strings.count)
        for string in strings { writer.write(string) }
        writer.write(count: ledger.transactions.count)
        for (key, transaction) in ledger.transactions {
            writer.write(key)
            writer.write(byte: flags(of: transaction, key: key))
            if transaction.id != key { writer.write(transaction.id) }
            if let charge = transaction.charge { writer.write(double: charge) }
            if let category = transaction.category { writer.write(count: table[category]!) }
            if let type = transaction.type { writer.write(byte: UInt8(types.firstIndex(of: type)!)) }
            if let description = transaction.description { writer.write(count: table[description]!) }
            if let modifiedAt = transaction.modifiedAt { writer.write(modifiedAt.description) }
            if let deletedAt = transaction.deletedAt { writer.write(deletedAt.description) }
        }
    }

    /// Reads a ledger written by ``encode(_:into:)``.
    ///
    /// - Throws: ``SnapshotDecodingError`` on anything out of the layout (unknown flags,
    ///   an index past the table, a timestamp that does not parse, a key twice); never traps.
    static func decode(from reader: inout SnapshotReader) throws(SnapshotDecodingError) -> ReplicatedLedger {
        var categories: [String] = []
        let categoryCount = try reader.readCount()
        categories.reserveCapacity(categoryCount)
        for _ in 0..<categoryCount { categories.append(try reader.readString()) }
        var strings: [String] = []
        let stringCount = try reader.readCount()
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount { strings.append(try reader.readString()) }
        var transactions = TreeDictionary<String, Transaction>()
        for _ in 0..<(try reader.readCount()) {
            let key = try reader.readString()
            let transaction = try decodeTransaction(key: key, strings: strings, from: &reader)
            guard transactions.updateValue(transaction, forKey: key) == nil else {
                throw SnapshotDecodingError("transaction \(key) appears twice")
            }
        }
        return ReplicatedLedger(categories: categories, transactions: transactions)
    }

    private static func flags(of transaction: Transaction, key: String) -> UInt8 {
        var flags: UInt8 = 0
        if transaction.charge != nil { flags |= Flag.charge }
        if transaction.category != nil { flags |= Flag.category }
        if transaction.type != nil { flags |= Flag.type }
        if transaction.description != nil { flags |= Flag.description }
        if transaction.modifiedAt != nil { flags |= Flag.modifiedAt }
        if transaction.deletedAt != nil { flags |= Flag.deletedAt }
        if transaction.id != key { flags |= Flag.id }
        return flags
    }

    private static func decodeTransaction(
        key: String, strings: [String], from reader: inout SnapshotReader
    ) throws(SnapshotDecodingError) -> Transaction {
        let flags = try reader.readByte()
        guard flags & ~Flag.all == 0 else { throw SnapshotDecodingError("transaction \(key): flags \(flags)") }
        let id = flags & Flag.id != 0 ? try reader.readString() : key
        let charge = flags & Flag.charge != 0 ? try reader.readDouble() : nil
        // A ledger holds finite charges only (a line with another is refused); a NaN would not
        // even equal itself.
        if let charge, !charge.isFinite {
            throw SnapshotDecodingError("transaction \(key): charge \(charge) is not finite")
        }
        let category = flags & Flag.category != 0 ? strings[try reader.readIndex(below: strings.count)] : nil
        var type: TransactionType?
        if flags & Flag.type != 0 {
            let raw = try reader.readByte()
            guard raw < types.count else { throw SnapshotDecodingError("transaction \(key): type \(raw)") }
            type = types[Int(raw)]
        }
        let description = flags & Flag.description != 0 ? strings[try reader.readIndex(below: strings.count)] : nil
        let modifiedAt = flags & Flag.modifiedAt != 0 ? try timestamp(&reader, key: key) : nil
        let deletedAt = flags & Flag.deletedAt != 0 ? try timestamp(&reader, key: key) : nil
        return Transaction(
            id: id, charge: charge, category: category, type: type, description: description, modifiedAt: modifiedAt,
            deletedAt: deletedAt)
    }

    private static func timestamp(_ reader: inout SnapshotReader, key: String) throws(SnapshotDecodingError)
        -> Timestamp
    {
        let text = try reader.readString()
        do {
            return try Timestamp(parsing: text)
        } catch {
            throw SnapshotDecodingError("transaction \(key): \"\(text)\" \(error.description)")
        }
    }
}
