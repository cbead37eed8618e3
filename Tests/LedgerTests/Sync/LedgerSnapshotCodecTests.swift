import Foundation
import RxChainCollections
import RxChainJSON
import RxChainLogs
import RxChainTesting
import Testing

@testable import Ledger

/// The ledger's binary snapshot form reads back exactly what it wrote, and never traps on
/// damaged bytes.
@Suite struct LedgerSnapshotCodecTests {
    let domain = LedgerDomain()

    @Test func randomLedgersRoundTrip() throws {
        try forAll(LedgerGen.ledger, iterations: 200) { ledger in
            let bytes = encode(ledger)
            let decoded = try SnapshotReader.withReader(of: bytes) { reader in
                let state = try domain.decodeSnapshot(from: &reader)
                try #require(reader.isAtEnd)
                return state
            }
            return decoded == ledger && encode(decoded) == bytes
        }
    }

    @Test func keepsEveryFieldAsWritten() throws {
        let stamps = ["2024-05-01T10:00:00Z", "2024-05-01T12:00:00+02:00", "2024-05-01T10:00:00.500000000-00:00"]
        var transactions = TreeDictionary<String, Transaction>()
        transactions["live"] = Transaction(
            id: "live", charge: -0.0, category: "Food", type: .transfer, description: "",
            modifiedAt: try stamp(stamps[1]))
        transactions["gone"] = Transaction(id: "gone", deletedAt: try stamp(stamps[2]))
        transactions["bare"] = Transaction(id: "other id")
        transactions["same"] = Transaction(id: "same", category: "", modifiedAt: try stamp(stamps[0]))
        let ledger = ReplicatedLedger(categories: ["Food", "", "Café ☕️"], transactions: transactions)
        let decoded = try SnapshotReader.withReader(of: encode(ledger)) { try domain.decodeSnapshot(from: &$0) }
        #expect(decoded == ledger)
        #expect(decoded.transactions["live"]?.modifiedAt?.description == stamps[1])
        #expect(decoded.transactions["live"]?.charge?.sign == .minus)
        #expect(decoded.transactions["gone"]?.charge == nil)
        #expect(decoded.transactions["bare"]?.id == "other id")
        #expect(decoded.transactions["same"]?.description == nil)
    }

    /// Every cut of a valid encoding throws or leaves bytes unread (the engine rejects both).
    @Test func everyTruncationIsRejected() throws {
        let bytes = encode(LedgerGen.ledger.samples(count: 1, seed: 11)[0])
        for cut in 0..<bytes.count {
            let complete: Bool? = try? SnapshotReader.withReader(of: Array(bytes.prefix(cut))) { reader in
                _ = try domain.decodeSnapshot(from: &reader)
                return reader.isAtEnd
            }
            #expect(complete != true, "cut at \(cut) of \(bytes.count)")
        }
    }

    /// Damaged bytes (the CRC-32 is the engine's job) throw or decode to something; never trap.
    @Test func flippedBytesNeverTrap() {
        var random = SeededGenerator(seed: 2024)
        for ledger in LedgerGen.ledger.samples(count: 20, seed: 5) {
            let bytes = encode(ledger)
            guard !bytes.isEmpty else { continue }
            for _ in 0..<50 {
                var damaged = bytes
                damaged[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                _ = try? SnapshotReader.withReader(of: damaged) { try domain.decodeSnapshot(from: &$0) }
            }
        }
    }

    /// Found by `Fuzz/FuzzSnapshot`: a NaN charge was read, and the ledger read did not equal
    /// itself (nor the one written again).
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aChargeThatIsNotFiniteIsRejected(charge: Double) {
        var transactions = TreeDictionary<String, Transaction>()
        transactions["t1"] = Transaction(id: "t1", charge: charge)
        let bytes = encode(ReplicatedLedger(categories: [], transactions: transactions))
        #expect(throws: SnapshotDecodingError.self) {
            try SnapshotReader.withReader(of: bytes) { try domain.decodeSnapshot(from: &$0) }
        }
    }

    private func encode(_ ledger: ReplicatedLedger) -> [UInt8] {
        var writer = SnapshotWriter()
        domain.encodeSnapshot(ledger, into: &writer)
        return writer.bytes
    }

    private func stamp(_ text: String) throws -> Timestamp { try Timestamp(parsing: text) }
}
