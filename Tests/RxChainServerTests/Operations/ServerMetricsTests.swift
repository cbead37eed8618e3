import Foundation
import RxChainServer
import RxChainServerStorage
import Testing

/// What `GET /metrics` says: requests by method, route and status; append and feed latency
/// histograms; the journal's fsyncs; open long polls; entries and bytes stored.
@Suite struct ServerMetricsTests {
    @Test func theTextCountsRequestsHistogramsAndStorage() async throws {
        let book = LogBook()
        let name = try LogName(validating: "users/alice/actions")
        _ = try await book.append(to: name, id: "e1", body: Array(#"{"x":1}"#.utf8), creator: "alice")
        let metrics = ServerMetrics()
        metrics.requestAnswered(method: "POST", route: "/logs/{log+}", status: 200, duration: .milliseconds(3))
        metrics.requestAnswered(method: "POST", route: "/logs/{log+}", status: 200, duration: .milliseconds(40))
        metrics.requestAnswered(method: "GET", route: "/feed", status: 401, duration: .microseconds(50))
        metrics.longPollChanged(by: 1)
        let text = metrics.prometheusText(book: book)
        #expect(text.contains(#"rxchain_http_requests_total{method="POST",route="/logs/{log+}",status="200"} 2"#))
        #expect(text.contains(#"rxchain_http_requests_total{method="GET",route="/feed",status="401"} 1"#))
        #expect(text.contains(#"rxchain_append_duration_seconds_bucket{le="0.005"} 1"#))
        #expect(text.contains(#"rxchain_append_duration_seconds_bucket{le="0.05"} 2"#))
        #expect(text.contains(#"rxchain_append_duration_seconds_bucket{le="+Inf"} 2"#))
        #expect(text.contains("rxchain_append_duration_seconds_count 2"))
        #expect(text.contains("rxchain_feed_duration_seconds_count 1"))
        #expect(text.contains("rxchain_journal_fsync_duration_seconds_count 0"), "a book in memory never syncs")
        #expect(text.contains("rxchain_open_long_polls 1\n"))
        #expect(text.contains("rxchain_stored_entries 1\n") && text.contains("rxchain_stored_body_bytes 7\n"))
        #expect(metrics.requestCount(route: "/logs/{log+}", status: 200) == 2)
        // Every sample line is `name{labels} value` or `name value` (the exposition format).
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.split(separator: " ").count == 2 && Double(line.split(separator: " ")[1]) != nil, "\(line)")
        }
    }

    @Test func aDurableBookCountsItsFsyncs() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try await LogBook.open(directory: directory)
        let name = try LogName(validating: "users/alice/actions")
        _ = try await book.append(to: name, id: "e1", body: Array("{}".utf8), creator: "alice")
        #expect(book.storedFigures.syncs.count >= 1)
        await book.close()
    }
}
