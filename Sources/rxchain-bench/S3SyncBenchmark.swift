import Foundation
import Ledger
import RxChainLogs
import RxChainRemotes

/// `rxchain-bench sync --remote s3://bucket/prefix/ [--endpoint URL] [--lines N[,N…]]`:
/// playbook sync against S3-compatible storage, for both layouts, on playbooks of N lines
/// already synced (default 10,000 and 1,000,000).
///
/// Every run works under a fresh `<prefix>bench-<uuid>/` and leaves its objects there (the
/// bucket's owner deletes them). Credentials come from `AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY` (anonymous without them) and `AWS_REGION`, never printed.
///
/// - `s3-single-sync-100+100-<N>`: one object (``S3Remote``): one sync that downloads 100
///   new remote lines and appends 100 local actions. Each upload sends the whole playbook,
///   so this grows with N.
/// - `s3-segmented-sync-100+100-<N>`: the same on the segmented layout
///   (``S3SegmentedRemote``), seeded as segments of 10,000 lines and a checkpoint; it must
///   not grow with N.
///
/// Baseline of both: `put100+get100`, one PUT and one GET of a 100-line object on the
/// same server in the same run: the network floor of moving just the new lines.
enum S3SyncBenchmark {
    struct Options {
        var base: String
        var endpoint: String?
        var sizes: [Int]
    }

    static func run(report: Report, options: Options) async {
        let environment = ProcessInfo.processInfo.environment
        let credentials = S3Credentials(environment: environment)
        let region = S3Credentials.region(environment: environment)
        guard options.base.hasPrefix("s3://"), options.base.hasSuffix("/") else {
            fail("--remote takes an S3 prefix ending in '/', e.g. s3://playbooks/bench/ (both layouts run under it)")
        }
        report.header("sync (S3 at \(options.endpoint ?? "AWS \(region)"))")
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-bench-s3sync-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let runPrefix = options.base + "bench-\(UUID().uuidString.prefix(8).lowercased())/"
        do {
            let floor = try await networkFloor(
                prefix: runPrefix, endpoint: options.endpoint, region: region, credentials: credentials)
            for lines in options.sizes {
                let text = try generated(lines: lines, root: root)
                for layout in ["single", "segmented"] {
                    let remote: any PlaybookRemote =
                        layout == "single"
                        ? try S3Remote(
                            runPrefix + "\(layout)-\(lines).ndjson", endpoint: options.endpoint, region: region,
                            credentials: credentials, requestTimeout: .seconds(300))
                        : try S3SegmentedRemote(
                            runPrefix + "\(layout)-\(lines)/", endpoint: options.endpoint, region: region,
                            credentials: credentials, requestTimeout: .seconds(300))
                    try await seed(remote, with: text)
                    let samples = try await syncSamples(remote: remote, device: root + "/\(layout)-\(lines)")
                    report.emit(
                        Figure(
                            name: "s3-\(layout)-sync-100+100-\(lines)", unit: "sync",
                            medianNanoseconds: Stopwatch.median(samples), baseline: "put100+get100",
                            baselineMedianNanoseconds: floor,
                            extra: [("playbook_lines", Double(lines)), ("new_lines", 200)]))
                }
            }
        } catch {
            fail("\(error)")
        }
    }

    /// The playbook text of `lines` lines (``PlaybookGenerator``), via a temporary file.
    static func generated(lines: Int, root: String) throws -> Data {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let file = URL(fileURLWithPath: root + "/playbook-\(lines).ndjson")
        _ = try PlaybookGenerator.write(lines: lines, to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Data(contentsOf: file)
    }

    /// Writes `text` to an empty remote: one object, or segments of 10,000 lines and a checkpoint.
    static func seed(_ remote: any PlaybookRemote, with text: Data) async throws {
        guard let segmented = remote as? S3SegmentedRemote else {
            try await commit(remote.append(text, expecting: .noPlaybook, localCopy: text))
            return
        }
        var revision = Revision.noPlaybook
        for piece in pieces(of: text, linesEach: 10_000) {
            revision = try await commit(segmented.append(piece, expecting: revision, localCopy: nil))
        }
        _ = try await segmented.compact()
    }

    /// Eight rounds (the first untimed) of: another writer appends 100 lines, the device
    /// records 100 actions, then one timed sync downloads the 100 and uploads the others.
    static func syncSamples(remote: any PlaybookRemote, device: String) async throws -> [Double] {
        let transport = try await PlaybookTransport.open(
            directory: URL(fileURLWithPath: device), remote: remote, domain: LedgerDomain())
        guard await transport.refresh() == .acknowledged else {
            fail("the first download of \(remote.location) failed")
        }
        var writerCopy = remote.needsLocalCopy ? try await remote.read(after: nil).lines : Data()
        var writerSeq: UInt64 = 0
        var localSeq: UInt64 = 0
        var samples: [Double] = []
        let clock = ContinuousClock()
        for run in 0..<8 {
            let lines = SyncBenchmark.batch(count: 100, device: "other", seq: &writerSeq, run: run)
            writerCopy.append(lines)
            try await commit(
                remote.append(
                    lines, expecting: remote.currentRevision(), localCopy: remote.needsLocalCopy ? writerCopy : nil))
            let records = SyncBenchmark.localRecords(count: 100, seq: &localSeq, run: run)
            let start = clock.now
            let outcome = try await transport.send(records)
            let elapsed = clock.now - start
            guard outcome == .acknowledged else { fail("a sync with \(remote.location) gave \(outcome)") }
            if run > 0 { samples.append(Stopwatch.nanoseconds(elapsed)) }
            if remote.needsLocalCopy { writerCopy = try await remote.read(after: nil).lines }
        }
        return samples
    }

    /// The median time of one PUT and one GET of a 100-line object on the same server.
    static func networkFloor(
        prefix: String, endpoint: String?, region: String, credentials: S3Credentials?
    ) async throws -> Double {
        var seq: UInt64 = 0
        var samples: [Double] = []
        let clock = ContinuousClock()
        for run in 0..<8 {
            let remote = try S3Remote(
                prefix + "floor-\(run).ndjson", endpoint: endpoint, region: region, credentials: credentials)
            let lines = SyncBenchmark.batch(count: 100, device: "floor", seq: &seq, run: run)
            let start = clock.now
            try await commit(remote.append(lines, expecting: .noPlaybook, localCopy: lines))
            _ = try await remote.read(after: nil)
            if run > 0 { samples.append(Stopwatch.nanoseconds(clock.now - start)) }
        }
        return Stopwatch.median(samples)
    }

    /// `text` cut after every `linesEach` lines.
    static func pieces(of text: Data, linesEach: Int) -> [Data] {
        var result: [Data] = []
        var start = text.startIndex
        var count = 0
        for index in text.indices where text[index] == 0x0A {
            count += 1
            if count == linesEach {
                result.append(text[start...index])
                start = index + 1
                count = 0
            }
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// The revision an append committed; a conflict means someone else writes under the bench's prefix.
    @discardableResult
    static func commit(_ outcome: AppendOutcome) throws -> Revision {
        guard case .committed(let revision, _) = outcome else {
            fail("an append conflicted (\(outcome)): is another writer using the bench's prefix?")
        }
        return revision
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("rxchain-bench sync: \(message)\n".utf8))
        exit(1)
    }
}
