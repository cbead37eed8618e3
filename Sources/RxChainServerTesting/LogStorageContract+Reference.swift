import Foundation
import RxChainServerStorage
import RxChainTesting
import Testing

/// The property check: a seeded run of random appends (batches, repeats, clashes, conditional
/// appends, several creators) through the storage and through `MemoryLogStorage`, the
/// reference, which must answer alike and hold the same logs.
extension LogStorageContract {
    /// How many appends one run makes.
    static let referenceAppends = 300

    func agreesWithTheReference(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let seed = ProcessInfo.processInfo.environment["RXCHAIN_SEED"].flatMap(UInt64.init) ?? .random(in: 0 ... .max)
        var random = SeededGenerator(seed: seed)
        let reference = MemoryLogStorage()
        let names = (0..<3).map { logs("r\($0)") }
        let creators = ["alice", "bob"]
        for step in 0..<Self.referenceAppends {
            let log = names.randomElement(using: &random)!
            let creator = creators.randomElement(using: &random)!
            // Few ids and bodies, so repeats and clashes are common.
            let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                NewLogEntry.numbered(
                    "id\(Int.random(in: 0..<40, using: &random))", Int.random(in: 0..<2, using: &random))
            }
            let current = try await reference.fetch(log, after: 0, limit: 0).revision
            let revision: UInt64? =
                Bool.random(using: &random) ? nil : current + UInt64(Int.random(in: 0...1, using: &random))
            let expected = await outcome { () throws(LogAppendError) in
                try await reference.append(to: log, batch, creator: creator, expecting: revision)
            }
            let actual = await outcome { () throws(LogAppendError) in
                try await storage.append(to: log, batch, creator: creator, expecting: revision)
            }
            // `ts` comes from each storage's own clock: compare everything else.
            #expect(
                actual.map { $0.map(\.withoutTimestamp) } == expected.map { $0.map(\.withoutTimestamp) },
                "step \(step) (seed \(seed), replay with RXCHAIN_SEED=\(seed)): \(batch.map(\.id)) to \(log) by \(creator) expecting \(String(describing: revision))"
            )
            if actual.map({ $0.map(\.withoutTimestamp) }) != expected.map({ $0.map(\.withoutTimestamp) }) { return }
        }
        for log in names {
            let stored = try await storage.all(log).map(\.withoutTimestamp)
            let intended = try await reference.all(log).map(\.withoutTimestamp)
            #expect(stored == intended, "\(log) (seed \(seed), replay with RXCHAIN_SEED=\(seed))")
        }
        await reference.close()
    }

    private func outcome(
        _ append: () async throws(LogAppendError) -> [AppendResult]
    ) async -> Result<[AppendResult], LogAppendError> {
        do throws(LogAppendError) {
            return .success(try await append())
        } catch {
            return .failure(error)
        }
    }
}

extension AppendResult {
    /// The result with `ts` set to 0.
    fileprivate var withoutTimestamp: AppendResult {
        AppendResult(seq: seq, ts: 0, creator: creator, duplicate: duplicate)
    }
}

extension LogEntry {
    /// The entry with `ts` set to 0.
    fileprivate var withoutTimestamp: LogEntry {
        LogEntry(log: log, id: id, creator: creator, body: body, seq: seq, ts: 0)
    }
}
