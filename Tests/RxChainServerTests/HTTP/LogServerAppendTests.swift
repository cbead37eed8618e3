import Foundation
import Testing

/// Appends through the routes: idempotent by id, refused clashes, conditional appends with
/// exactly one winner, the creator set by the server.
@Suite struct LogServerAppendTests {
    @Test func aRepeatedIdAnswersTheOriginalPositionAndAddsNothing() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let first = await harness.append("users/alice/actions", id: "a1", token: token)
        #expect(first.status == 200, "\(first.text)")
        let again = await harness.append("users/alice/actions", id: "a1", token: token)
        #expect(again.status == 200, "\(again.text)")
        let original = try #require((first.json["results"] as? [[String: Any]])?.first)
        let repeated = try #require((again.json["results"] as? [[String: Any]])?.first)
        #expect(repeated["seq"] as? Int == original["seq"] as? Int)
        #expect(repeated["ts"] as? Int == original["ts"] as? Int)
        #expect(original["duplicate"] as? Bool == false)
        #expect(repeated["duplicate"] as? Bool == true)
        let read = await harness.send("GET", "/logs/users/alice/actions", token: token)
        #expect((read.json["entries"] as? [Any])?.count == 1, "\(read.text)")
    }

    @Test func theSameIdWithOtherContentIsAClashAndChangesNothing() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        _ = await harness.append("users/alice/actions", id: "a1", body: #"{"x":1}"#, token: token)
        let clash = await harness.append("users/alice/actions", id: "a1", body: #"{"x":2}"#, token: token)
        #expect(clash.status == 409)
        #expect(clash.errorCode == "clash")
        let read = await harness.send("GET", "/logs/users/alice/actions", token: token)
        let entries = try #require(read.json["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect((entries.first?["body"] as? [String: Any])?["x"] as? Int == 1)
    }

    @Test func theCreatorIsTheSignedInUserWhateverTheBodySays() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let response = await harness.append(
            "users/alice/actions", id: "a1", body: #"{"creator":"mallory"}"#, token: token)
        let result = try #require((response.json["results"] as? [[String: Any]])?.first)
        #expect(result["creator"] as? String == "alice")
        let read = await harness.send("GET", "/logs/users/alice/actions", token: token)
        #expect((read.json["entries"] as? [[String: Any]])?.first?["creator"] as? String == "alice")
    }

    @Test func bodiesComeBackByteForByte() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let body = #"{ "b" : [1, 2.50, "\u00e9"], "a":null }"#
        _ = await harness.append("users/alice/actions", id: "a1", body: body, token: token)
        let read = await harness.send("GET", "/logs/users/alice/actions", token: token)
        #expect(String(decoding: read.body, as: UTF8.self).contains(body), "\(read.text)")
    }

    @Test func aConditionalAppendMeetingAnotherRevisionIsRefusedWithTheCurrentOne() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        _ = await harness.append("users/alice/actions", id: "a1", token: token, expect: 0)
        let stale = await harness.append("users/alice/actions", id: "a2", token: token, expect: 0)
        #expect(stale.status == 409)
        #expect(stale.errorCode == "revision_mismatch")
        #expect(stale.json["current"] as? Int == 1)
        let fresh = await harness.append("users/alice/actions", id: "a2", token: token, expect: 1)
        #expect(fresh.status == 200, "\(fresh.text)")
    }

    @Test func ofConcurrentConditionalAppendsExactlyOneWinsEachRevision() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        for revision in UInt64(0)..<5 {
            let statuses = await withTaskGroup(of: Int.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        await harness.append(
                            "users/alice/actions", id: "r\(revision)-w\(writer)", token: token, expect: revision
                        ).status
                    }
                }
                return await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1, "revision \(revision): \(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == 7, "revision \(revision): \(statuses)")
        }
    }

    @Test func aBatchIsAppendedWholeInOrder() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let response = await harness.send(
            "POST", "/logs/users/alice/actions", token: token,
            body: #"{"entries":[{"id":"a","body":1},{"id":"b","body":2},{"id":"c","body":3}],"expect":0}"#)
        #expect(response.status == 200, "\(response.text)")
        let seqs = (response.json["results"] as? [[String: Any]])?.compactMap { $0["seq"] as? Int }
        #expect(seqs == [1, 2, 3])
        let timestamps = (response.json["results"] as? [[String: Any]])?.compactMap { $0["ts"] as? Int } ?? []
        #expect(timestamps == timestamps.sorted() && Set(timestamps).count == 3)
    }

    @Test func pagesReadOnFromTheirCursor() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        for index in 0..<5 { _ = await harness.append("users/alice/actions", id: "e\(index)", token: token) }
        let first = await harness.send("GET", "/logs/users/alice/actions", token: token, query: ["limit": "2"])
        #expect((first.json["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["e0", "e1"])
        #expect(first.json["next"] as? Int == 2)
        #expect(first.json["revision"] as? Int == 5)
        let rest = await harness.send("GET", "/logs/users/alice/actions", token: token, query: ["after": "2"])
        #expect((rest.json["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["e2", "e3", "e4"])
        let bad = await harness.send("GET", "/logs/users/alice/actions", token: token, query: ["after": "-1"])
        #expect(bad.status == 400 && bad.json["field"] as? String == "after", "\(bad.text)")
    }
}
