import Foundation
import PostgresNIO
import RxChainPostgres
import RxChainTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two real `rxchain-server` processes on one fresh database, one data directory (so one
/// `server.key`): a device signed in through one is served by the other, and `kill -9` of one
/// during a burst through both loses no acknowledged append, doubles none, and the other keeps
/// serving throughout.
@Suite(.timeLimit(.minutes(5))) struct ServerInstancesTests {
    @Test func killingOneInstanceDuringABurstLosesAndDoublesNothing() async throws {
        let url = try await PostgresDatabase.fresh()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-instances-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let a = try await start(data: data, url: url, name: "a")
        let b = try await start(data: data, url: url, name: "b")
        let (httpA, httpB) = (JSONClient(origin: a.url), JSONClient(origin: b.url))
        _ = try await httpA.send("POST", "/accounts", ["user": "alice", "password": "correct horse"], expect: 201)
        let session = try await httpA.send(
            "POST", "/sessions", ["user": "alice", "password": "correct horse", "device": "d1"], expect: 200)
        let token = try #require(session["accessToken"] as? String)

        let acknowledged = Acknowledged()
        // Three clients through each instance; A is killed once 60 appends were acknowledged.
        let outcomes = await withTaskGroup(of: (String, [String]).self) { group in
            for client in 0..<6 {
                let (http, side) = client % 2 == 0 ? (httpA, "a") : (httpB, "b")
                group.addTask {
                    var unanswered: [String] = []
                    for n in 0..<60 {
                        let id = "c\(client)-\(n)"
                        do {
                            let answer = try await http.send(
                                "POST", "/logs/users/alice/actions",
                                ["entries": [["id": id, "body": ["n": n]]]], token: token, expect: 200)
                            let result = (answer["results"] as? [[String: Any]])?.first
                            let seq = (result?["seq"] as? NSNumber)?.uint64Value ?? 0
                            let ts = (result?["ts"] as? NSNumber)?.uint64Value ?? 0
                            if await acknowledged.add(id, seq: seq, ts: ts) == 60 { a.send(SIGKILL) }
                        } catch {
                            unanswered.append(id)
                            if side == "a" { break }
                        }
                    }
                    return (side, unanswered)
                }
            }
            return await group.reduce(into: [(String, [String])]()) { $0.append($1) }
        }
        _ = await a.waitUntilExit()
        #expect(outcomes.contains { $0.0 == "a" && !$0.1.isEmpty }, "A was killed while its clients appended")
        // B answered every request, before the kill and after it.
        #expect(outcomes.filter { $0.0 == "b" }.allSatisfy { $0.1.isEmpty }, "\(outcomes)")
        // The appends A never answered are retried through B: each is stored once either way.
        for id in outcomes.filter({ $0.0 == "a" }).flatMap(\.1) {
            _ = try await httpB.send(
                "POST", "/logs/users/alice/actions", ["entries": [["id": id, "body": ["n": 0]]]], token: token,
                expect: 200)
        }
        var entries: [[String: Any]] = []
        while true {
            let page = try await httpB.send(
                "GET", "/logs/users/alice/actions?after=\(entries.count)&limit=1000", nil, token: token, expect: 200)
            let more = page["entries"] as? [[String: Any]] ?? []
            entries += more
            if more.isEmpty { break }
        }
        let ids = entries.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == ids.count, "no entry is stored twice")
        #expect(entries.compactMap { ($0["seq"] as? NSNumber)?.uint64Value } == Array(1...UInt64(entries.count)))
        let stored = Dictionary(
            uniqueKeysWithValues: entries.map {
                ($0["id"] as! String, (($0["seq"] as! NSNumber).uint64Value, ($0["ts"] as! NSNumber).uint64Value))
            })
        let answers = await acknowledged.answers
        #expect(answers.count >= 60)
        for (id, answer) in answers {
            #expect(stored[id]?.0 == answer.seq && stored[id]?.1 == answer.ts, "\(id) is where it was acknowledged")
        }
        await b.stop()
    }

    /// `rxchain-server` (built beside these tests) on `url`.
    private func start(data: URL, url: String, name: String) async throws -> ServerProcess {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("rxchain-server")
        let candidates = [
            binary, Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("rxchain-server"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("rxchain-server is not built beside the tests: \(candidates.map(\.path))")
            throw CancellationError()
        }
        return try await ServerProcess.start(
            binary: found, data: data,
            logFile: data.deletingLastPathComponent().appendingPathComponent("\(data.lastPathComponent)-\(name).log"),
            arguments: ["--storage", url, "--password-iterations", "1000"])
    }
}

/// Acknowledged appends, by id.
actor Acknowledged {
    private(set) var answers: [String: (seq: UInt64, ts: UInt64)] = [:]

    /// Records an answer; returns how many there are.
    func add(_ id: String, seq: UInt64, ts: UInt64) -> Int {
        answers[id] = (seq, ts)
        return answers.count
    }
}

/// A few JSON requests over `URLSession`.
struct JSONClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let origin: String

    func send(
        _ method: String, _ path: String, _ body: [String: Any]?, token: String? = nil, expect: Int
    ) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: origin + path)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == expect else {
            throw Failure(description: "\(method) \(path): \(status) \(String(decoding: data, as: UTF8.self))")
        }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}
