import Foundation
import Ledger

/// `rxchain-bench replay [--lines N]`: streams a generated playbook of N lines (default
/// 1,000,000, ~150 bytes each: puts, edits, deletes, category new/rename/delete, every line
/// with an `actionId`) through `LedgerReplay`, against decoding the same lines with
/// `JSONDecoder` into `Codable` structs (the floor a straightforward reader would have).
///
/// Figures: `replay` (whole replay from the file, per line, on one thread per core up to 8 as
/// `LedgerReplay` does by default, excluding freeing the ledger afterwards; extra `lines_per_s`,
/// `peak_rss_mb` = VmHWM after the replay runs, before the baseline loads lines into memory)
/// and `parse` (`ActionParser` alone over the lines in memory). The `jsondecoder` baseline is
/// timed on the first 100,000 lines to keep the run short; it is a per-line figure either way.
///
/// Then the `ordered-append` and `ordered-late-entry` figures of a server-ordered log against
/// refolding it from scratch (see ``runOrderedLog(report:entries:)``).
enum ReplayBenchmark {
    static func run(report: Report, arguments: [String]) {
        var lines = 1_000_000
        if let flag = arguments.firstIndex(of: "--lines"), flag + 1 < arguments.count,
            let value = Int(arguments[flag + 1])
        {
            lines = max(value, 1)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxchain-bench-replay-\(getpid()).ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes: Int
        do {
            bytes = try PlaybookGenerator.write(lines: lines, to: url)
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench: cannot write \(url.path): \(error)\n".utf8))
            exit(1)
        }

        var checksum = 0
        // The replayed ledger is returned, so it is freed after the clock stops.
        let replayNanoseconds = Stopwatch.medianNanoseconds(runs: 5, operations: lines) { () -> LedgerReplay in
            do {
                let replay = try LedgerReplay.replay(contentsOf: url)
                checksum &+= replay.ledger.transactions.count &+ replay.counts.applied
                return replay
            } catch {
                fatalError("replay failed: \(error)")
            }
        }
        let peakMegabytes = peakResidentMegabytes()

        let sample = sampleLines(url: url, count: min(lines, 100_000))
        let parseNanoseconds = Stopwatch.medianNanoseconds(runs: 5, operations: sample.count) {
            for line in sample {
                let result = line.withUnsafeBytes { ActionParser.parse($0) }
                if case .success = result { checksum &+= 1 }
            }
        }
        let decoder = JSONDecoder()
        let floorNanoseconds = Stopwatch.medianNanoseconds(runs: 5, operations: sample.count) {
            for line in sample {
                if let decoded = try? decoder.decode(DecodableLine.self, from: line) {
                    checksum &+= decoded.type.count
                }
            }
        }

        report.header("replay (\(lines) lines, \(String(format: "%.1f", Double(bytes) / 1e6)) MB)")
        report.emit(
            Figure(
                name: "replay", unit: "line", medianNanoseconds: replayNanoseconds, baseline: "jsondecoder",
                baselineMedianNanoseconds: floorNanoseconds,
                extra: [
                    ("lines_per_s", 1e9 / replayNanoseconds), ("peak_rss_mb", peakMegabytes),
                    ("lines", Double(lines)), ("bytes_per_line", Double(bytes) / Double(lines)),
                ]))
        report.emit(
            Figure(
                name: "parse", unit: "line", medianNanoseconds: parseNanoseconds, baseline: "jsondecoder",
                baselineMedianNanoseconds: floorNanoseconds, extra: [("lines_per_s", 1e9 / parseNanoseconds)])
        )
        checksum &+= runOrderedLog(report: report)
        if !report.json { print("checksum \(checksum)") }
    }

    /// The first `count` lines of the file, each as `Data` (outside the timed region).
    static func sampleLines(url: URL, count: Int) -> [Data] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        var lines: [Data] = []
        var carry = Data()
        while lines.count < count, let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            carry.append(chunk)
            var start = carry.startIndex
            while lines.count < count, let newline = carry[start...].firstIndex(of: 0x0A) {
                lines.append(Data(carry[start..<newline]))
                start = newline + 1
            }
            carry = Data(carry[start...])
        }
        return lines
    }

    /// VmHWM (peak resident set) from /proc/self/status, in MB; 0 where there is none.
    static func peakResidentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return 0
    }
}
