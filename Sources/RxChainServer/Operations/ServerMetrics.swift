import Foundation
import RxChainServerStorage
import RxChainSystem

/// What the server counts while it runs, rendered in the Prometheus text format by
/// ``prometheusText(book:)``: requests by route and status, append and feed latency, the
/// journal's `fsync` latency, open long polls, entries and bytes stored.
///
/// The core keeps the figures, with no metrics package; an embedding server serves the text
/// (`GET /metrics` in `rxchain-server`) or hands the figures to its own metrics system.
/// Thread-safe: its state sits behind a `Lock`.
public final class ServerMetrics: Sendable {
    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    private struct State {
        var requests: [RequestKey: UInt64] = [:]
        var appends = LatencyHistogram()
        var feeds = LatencyHistogram()
        var openLongPolls = 0
    }

    private let state = Lock(State())

    /// No figures yet.
    public init() {}

    /// Counts one answered request; an append (`POST /logs/…`) or a feed read (`GET /feed`)
    /// also goes into its latency histogram.
    public func requestAnswered(method: String, route: String, status: Int, duration: Duration) {
        state.withLock { state in
            state.requests[RequestKey(method: method, route: route, status: status), default: 0] += 1
            if method == "POST" && route == LogServer.appendRoute.template { state.appends.observe(duration) }
            if method == "GET" && route == LogServer.feedRoute.template { state.feeds.observe(duration) }
        }
    }

    /// A long poll started waiting (`+1`) or stopped (`-1`).
    public func longPollChanged(by delta: Int) {
        state.withLock { $0.openLongPolls += delta }
    }

    /// The long polls waiting now.
    public var openLongPolls: Int { state.withLock { $0.openLongPolls } }

    /// How many requests were answered with `status` on `route` (any method when `nil`).
    public func requestCount(route: String, status: Int, method: String? = nil) -> UInt64 {
        state.withLock { state in
            state.requests.filter { key, _ in
                key.route == route && key.status == status && (method == nil || key.method == method)
            }.values.reduce(0, +)
        }
    }

    /// The figures in the Prometheus text exposition format (version 0.0.4), `book`'s storage
    /// figures included.
    public func prometheusText(book: LogBook) -> String {
        let (requests, appends, feeds, openLongPolls) = state.withLock {
            ($0.requests, $0.appends, $0.feeds, $0.openLongPolls)
        }
        let stored = book.storedFigures
        var text = ""
        text += "# HELP rxchain_http_requests_total Requests answered, by method, route template and status.\n"
        text += "# TYPE rxchain_http_requests_total counter\n"
        for (key, count) in requests.sorted(by: {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }) {
            text +=
                "rxchain_http_requests_total{method=\"\(key.method)\",route=\"\(Self.escaped(key.route))\",status=\"\(key.status)\"} \(count)\n"
        }
        text += Self.histogram(
            "rxchain_append_duration_seconds", "Time to answer an append (POST /logs/{log}).", appends)
        text += Self.histogram(
            "rxchain_feed_duration_seconds", "Time to answer a feed read (GET /feed), long polls included.", feeds)
        text += Self.histogram(
            "rxchain_journal_fsync_duration_seconds", "Time of each fsync of the journal (one per group commit).",
            stored.syncs)
        text += "# HELP rxchain_open_long_polls Requests waiting in a long poll now.\n"
        text += "# TYPE rxchain_open_long_polls gauge\n"
        text += "rxchain_open_long_polls \(openLongPolls)\n"
        text += "# HELP rxchain_stored_entries Durable entries in the journal, every log included.\n"
        text += "# TYPE rxchain_stored_entries gauge\n"
        text += "rxchain_stored_entries \(stored.entries)\n"
        text += "# HELP rxchain_stored_body_bytes Bytes of the durable entries' bodies.\n"
        text += "# TYPE rxchain_stored_body_bytes gauge\n"
        text += "rxchain_stored_body_bytes \(stored.bodyBytes)\n"
        return text
    }

    private static func histogram(_ name: String, _ help: String, _ histogram: LatencyHistogram) -> String {
        var text = "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        for (bound, count) in zip(LatencyHistogram.bounds, histogram.cumulativeCounts) {
            text += "\(name)_bucket{le=\"\(bound)\"} \(count)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(histogram.count)\n"
        text += "\(name)_sum \(histogram.sum)\n\(name)_count \(histogram.count)\n"
        return text
    }

    /// A label value with `\`, `"` and newlines escaped, as the format asks.
    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
