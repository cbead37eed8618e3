import Foundation
import RxChainCore

extension QueueBenchmark {
    /// The figures: each durability × 1 and 4 producers, and the write/fsync floors.
    static func table(report: Report) async {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxchain-bench-queue-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        report.header("queue")

        let line = Array(
            (#"0123abcd {"kind":"enqueue","seq":123456,"key":"6F9619FF-8B86-D011-B42D-00C04FC964FF:123456","#
                + #""tag":"bench/request","payload":"# + String(decoding: payload(123456), as: UTF8.self)
                + "}\n")
                .utf8)
        let floorPath = root.appendingPathComponent("floor").path
        let raw = floor(lines: 200_000, line: line, path: floorPath, syncEvery: nil)
        let perLine = floor(lines: 200, line: line, path: floorPath, syncEvery: 1)
        let per100 = floor(lines: 50_000, line: line, path: floorPath, syncEvery: 100)
        let floors = [("write", raw), ("write+fsync-per-line", perLine), ("write+fsync-per-100", per100)]
        for (name, nanoseconds) in floors {
            report.emit(
                Figure(
                    name: name, unit: "line", medianNanoseconds: nanoseconds, baseline: name,
                    baselineMedianNanoseconds: nanoseconds, extra: [("lines_per_s", 1e9 / nanoseconds)]))
        }

        var run = 0
        for durability in Durability.allCases {
            let (count, baseline) =
                switch durability {
                case .always: (200, floors[1])
                case .batched: (100_000, floors[2])
                case .none: (100_000, floors[0])
                }
            for producers in [1, 4] {
                var samples: [Double] = []
                for attempt in 0..<8 {
                    run += 1
                    let directory = root.appendingPathComponent("q\(run)")
                    guard let queue = try? await SyncQueue.open(directory: directory, durability: durability)
                    else {
                        print("cannot open a queue in \(directory.path)")
                        return
                    }
                    let (seconds, error) = await enqueue(queue, count: count, producers: producers)
                    await queue.close()
                    try? FileManager.default.removeItem(at: directory)
                    if let error { print("queue-\(durability.rawValue): \(error)") }
                    if attempt > 0 { samples.append(seconds * 1e9 / Double(count)) }
                }
                let median = Stopwatch.median(samples)
                report.emit(
                    Figure(
                        name: "queue-\(durability.rawValue)-\(producers)", unit: "request",
                        medianNanoseconds: median, baseline: baseline.0,
                        baselineMedianNanoseconds: baseline.1,
                        extra: [("requests_per_s", 1e9 / median), ("producers", Double(producers))]))
            }
        }
        await handoff(report: report, root: root)
    }

    /// Nanoseconds per line to `write` `lines` copies of `line`, one `write` each, with an
    /// `fsync` after every `syncEvery` lines (never when nil). Median of 7 runs.
    private static func floor(lines: Int, line: [UInt8], path: String, syncEvery: Int?) -> Double {
        Stopwatch.medianNanoseconds(operations: lines) {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
            precondition(fd >= 0, "cannot create \(path)")
            defer { close(fd) }
            line.withUnsafeBytes { bytes in
                for number in 1...lines {
                    precondition(write(fd, bytes.baseAddress!, bytes.count) == bytes.count, "write failed")
                    if let syncEvery, number % syncEvery == 0 { precondition(fsync(fd) == 0, "fsync failed") }
                }
            }
        }
    }
}
