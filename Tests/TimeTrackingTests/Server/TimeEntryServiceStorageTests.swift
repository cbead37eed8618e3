import Foundation
import RxChainServer
import Testing

/// The service's state is its log: a service made again over the same data directory folds the
/// log and answers as before.
@Suite struct TimeEntryServiceStorageTests {
    @Test func aReopenOfTheDataDirectoryRestoresEveryAcknowledgedChange() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("time-entries-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestSeconds(TimeEntryServiceHarness.morning)
        let first = await TimeEntryServiceHarness(book: try await LogBook.open(directory: directory), clock: clock)
        let token = try await first.signIn("alice")
        let kept = try #require(await first.create(token: token, start: "2026-11-27T08:00:00Z", key: "c1").id)
        let deleted = try #require(await first.create(token: token, start: "2026-11-27T08:30:00Z").id)
        clock.advance(bySeconds: 60)
        let running = try #require(await first.create(token: token, start: "2026-11-27T09:00:00Z").id)
        _ = await first.send("DELETE", "/api/v9/workspaces/7/time_entries/\(deleted)", token: token)
        _ = await first.send(
            "PUT", "/api/v9/workspaces/7/time_entries/\(kept)", token: token, body: #"{"description":"kept"}"#)
        let feedBefore = await first.feed(token: token, since: TimeEntryServiceHarness.morning)
        let currentBefore = await first.send("GET", "/api/v9/me/time_entries/current", token: token)
        await first.book.close()

        let second = await TimeEntryServiceHarness(book: try await LogBook.open(directory: directory), clock: clock)
        #expect(await second.feed(token: token, since: TimeEntryServiceHarness.morning) == feedBefore)
        #expect(await second.send("GET", "/api/v9/me/time_entries/current", token: token) == currentBefore)
        #expect(currentBefore.id == running)
        let retried = await second.create(token: token, start: "2026-11-27T08:00:00Z", key: "c1")
        #expect(retried.id == kept, "the key's answer survives the restart: \(retried.text)")
        let next = await second.create(token: token, start: "2026-11-27T10:00:00Z")
        #expect(next.id == running + 1, "ids go on after the restored ones")
        await second.book.close()
    }
}
