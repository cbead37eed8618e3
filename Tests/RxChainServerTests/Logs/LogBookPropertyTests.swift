import Foundation
import RxChainServer
import RxChainServerStorage
import RxChainTesting
import Testing

@Suite struct LogBookPropertyTests {
    /// One append: which client sends it, to which of three logs, with which of a few ids.
    struct Append: Sendable, CustomStringConvertible {
        let client: Int
        let log: Int
        let id: Int
        var description: String { "c\(client)→log\(log)#\(id)" }
    }

    static let appends = Gen.zip(.integer(in: 0...3), .integer(in: 0...2), .integer(in: 0...7))
        .map { Append(client: $0, log: $1, id: $2) }
        .array(length: 0...60)

    /// Random appends from several clients, with repeats (each id always carries the same body and
    /// creator), leave one line per id, `seq` 1…n, `ts` strictly increasing across logs, and each
    /// repeat answered with the original position. A failure prints the seed to replay.
    @Test func randomAppendsWithRepeatsKeepOneLinePerIDInServerOrder() async throws {
        let names = try ["users/alice/actions", "lists/l1/actions", "playbooks/team/ledger"].map {
            try LogName(validating: $0)
        }
        let seed = ProcessInfo.processInfo.environment["RXCHAIN_SEED"].flatMap(UInt64.init) ?? .random(in: 0 ... .max)
        print("LogBookPropertyTests seed \(seed) (replay with RXCHAIN_SEED=\(seed))")
        try await forAll(Self.appends, seed: seed) { appends in
            let book = LogBook(clock: { 0 })
            var firstAnswers: [String: AppendResult] = [:]
            var lastTimestamp: UInt64 = 0
            for append in appends {
                let key = "\(append.log)/\(append.id)"
                // The id's owner is fixed by the id, so a repeat is the same entry from the same user.
                let result = try await book.append(
                    to: names[append.log], id: "id\(append.id)", body: Array(key.utf8), creator: "u\(append.id % 3)")
                if let original = firstAnswers[key] {
                    guard result.duplicate, result.seq == original.seq, result.ts == original.ts else { return false }
                } else {
                    guard !result.duplicate, result.ts > lastTimestamp else { return false }
                    firstAnswers[key] = result
                    lastTimestamp = result.ts
                }
            }
            for (index, name) in names.enumerated() {
                let entries = book.read(name, limit: .max).entries
                let ids = Set(firstAnswers.keys.filter { $0.hasPrefix("\(index)/") })
                guard entries.count == ids.count, Set(entries.map(\.id)).count == entries.count else { return false }
                guard entries.map(\.seq) == (0..<entries.count).map({ UInt64($0 + 1) }) else { return false }
                guard zip(entries, entries.dropFirst()).allSatisfy({ $0.ts < $1.ts }) else { return false }
            }
            return true
        }
    }
}
