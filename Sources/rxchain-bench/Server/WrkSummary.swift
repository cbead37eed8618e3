import Foundation

/// The line `wrk-summary {json}` that `Benchmarks/server/append.lua` prints when wrk is done.
struct WrkSummary: Equatable {
    /// Responses received (any status).
    var requests: Int
    /// How long the load ran, in seconds.
    var seconds: Double
    /// Requests that failed: connect, read and write errors, timeouts, statuses ≥ 400.
    var errors: Int
    /// Responses with a status ≥ 400 (counted in ``requests`` too).
    var statusErrors: Int
    var p50Nanoseconds: Double
    var p99Nanoseconds: Double

    /// Acknowledged appends per second: responses that were not errors, over the duration.
    var appendsPerSecond: Double { seconds > 0 ? Double(requests - statusErrors) / seconds : 0 }

    /// Reads the summary line out of wrk's whole output; `nil` if there is none.
    init?(output: String) {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("wrk-summary ") }),
            let object = (try? JSONSerialization.jsonObject(with: Data(line.dropFirst("wrk-summary ".count).utf8)))
                as? [String: Any]
        else { return nil }
        func count(_ name: String) -> Int? { (object[name] as? NSNumber)?.intValue ?? object[name] as? Int }
        guard let requests = count("requests"), let duration = count("duration_us"), let p50 = count("p50_us"),
            let p99 = count("p99_us"), let status = count("status_errors")
        else { return nil }
        let failures = ["connect_errors", "read_errors", "write_errors", "timeouts"].compactMap(count).reduce(status, +)
        self.requests = requests
        seconds = Double(duration) / 1e6
        errors = failures
        statusErrors = status
        p50Nanoseconds = Double(p50) * 1_000
        p99Nanoseconds = Double(p99) * 1_000
    }
}
