import Foundation
import PostgresNIO
import RxChainPostgres
import RxChainServer
import RxChainServerStorage
import Testing

/// Two storages on one database, as two server instances see it: what one appends reaches the
/// other's feed and its repeats; conditional appends through both have one winner; a doorbell
/// connection killed by the database costs a delay, never an entry.
@Suite(.timeLimit(.minutes(2))) struct PostgresInstancesTests {
    let family = "instances/" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")

    func log(_ name: String) -> LogName { try! LogName(validating: family + "/" + name) }

    func entry(_ id: String, _ n: Int = 0) -> [NewLogEntry] {
        [NewLogEntry(id: id, body: Array("{\"n\":\(n)}".utf8))]
    }

    @Test func anAppendThroughOneReachesTheOthersFeed() async throws {
        let (a, b) = (try await PostgresDatabase.open(), try await PostgresDatabase.open())
        let start = b.lastTimestamp
        let waiter = Task { await b.waitForEntries(afterTimestamp: start) }
        let answer = try await a.append(to: log("x"), entry("x1"), creator: "alice", expecting: nil)[0]
        await waiter.value
        let feed = try await b.fetchEntries(afterTimestamp: start, limit: 10_000).filter { $0.log == log("x") }
        #expect(feed.map(\.id) == ["x1"])
        #expect(feed.first?.ts == answer.ts)
        // A repeat through the other instance answers the original.
        let repeated = try await b.append(to: log("x"), entry("x1"), creator: "alice", expecting: nil)[0]
        #expect(repeated == AppendResult(seq: answer.seq, ts: answer.ts, creator: "alice", duplicate: true))
        await a.close()
        await b.close()
    }

    @Test func conditionalAppendsRacingThroughBothHaveOneWinner() async throws {
        let (a, b) = (try await PostgresDatabase.open(), try await PostgresDatabase.open())
        let playbook = log("playbook")
        for round in 0..<10 {
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for (index, storage) in [a, b, a, b].enumerated() {
                    group.addTask {
                        (try? await storage.append(
                            to: playbook, entry("r\(round)-\(index)"), creator: "alice", expecting: UInt64(round)))
                            != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1, "round \(round): \(outcomes)")
        }
        #expect(try await a.fetch(playbook, after: 0, limit: 100).revision == 10)
        await a.close()
        await b.close()
    }

    @Test func reservedLogsReachTheOtherOnSynchronize() async throws {
        let (a, b) = (try await PostgresDatabase.open(), try await PostgresDatabase.open())
        let reserved = try LogName(validating: "server/test-\(UUID().uuidString.prefix(8))")
        _ = try await a.append(to: reserved, entry("s1"), creator: "server", expecting: nil)
        #expect(a.localRead(reserved, after: 0, limit: 10).entries.map(\.id) == ["s1"], "its own at once")
        try await b.synchronize()
        #expect(b.localRead(reserved, after: 0, limit: 10).entries.map(\.id) == ["s1"])
        await a.close()
        await b.close()
    }

    @Test func aKilledDoorbellConnectionCostsADelayNeverAnEntry() async throws {
        let name = "rxchain-doorbell-\(UUID().uuidString.prefix(8))"
        let a = try await PostgresDatabase.open()
        let b = try await PostgresLogStorage.open(
            url: try PostgresDatabase.url, password: PostgresDatabase.password, logger: PostgresDatabase.logger,
            applicationName: name)
        let target = log("rung")
        for round in 0..<3 {
            let start = b.lastTimestamp
            // Every connection of b, its doorbell's included, is ended by the database.
            try await a.terminateBackends(applicationName: name)
            var answers: [AppendResult] = []
            for n in 0..<5 {
                answers += try await a.append(to: target, entry("r\(round)-\(n)", n), creator: "alice", expecting: nil)
            }
            // b learns of the last append from a notification, or from reading the clock again
            // once it listens again (a notification sent while it did not listen is lost): until
            // then it waits, as a long poll would (a wake-up may come early: it waits again).
            while b.lastTimestamp < answers.last!.ts {
                await b.waitForEntries(afterTimestamp: b.lastTimestamp)
            }
            let feed = try await b.fetchEntries(afterTimestamp: start, limit: 10_000).filter { $0.log == target }
            #expect(feed.map(\.ts) == answers.map(\.ts), "round \(round)")
        }
        await a.close()
        await b.close()
    }
}
