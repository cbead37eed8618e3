import Foundation
import Ledger
import RxChainCore
import RxChainLogs

/// `rxchain-bench sync [--lines N[,N…]]`: playbook sync against a ``DirectoryRemote`` playbook
/// of N lines already synced (default 10,000 and 1,000,000, made by ``PlaybookGenerator``).
///
/// - `sync-100+100-<N>`: one sync that downloads 100 new remote lines and appends 100 local
///   actions; baseline: the remote I/O alone (read the 100 lines, append 100 lines). It
///   should follow the new lines, not N.
/// - `open-<N>`: opening the device (snapshot + journal load); baseline: replaying the whole
///   playbook file, which is what opening without a local file would cost.
enum SyncBenchmark {
    static func run(report: Report, arguments: [String]) async {
        var sizes = [10_000, 1_000_000]
        if let index = arguments.firstIndex(of: "--lines"), index + 1 < arguments.count {
            sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
        }
        report.header("sync")
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-bench-sync-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            for lines in sizes { try await measure(lines: lines, root: root + "/\(lines)", report: report) }
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench sync: \(error)\n".utf8))
            exit(1)
        }
    }

    static func measure(lines: Int, root: String, report: Report) async throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let playbook = URL(fileURLWithPath: root + "/playbook.ndjson")
        _ = try PlaybookGenerator.write(lines: lines, to: playbook)
        let remote = try DirectoryRemote(playbook.path)
        let writer = try DirectoryRemote(playbook.path)
        let device = URL(fileURLWithPath: root + "/device")
        var transport = try await PlaybookTransport.open(
            directory: device, remote: remote, domain: LedgerDomain())
        _ = await transport.refresh()
        var writerSeq: UInt64 = 0
        var localSeq: UInt64 = 0
        var syncSamples: [Double] = []
        var ioSamples: [Double] = []
        let clock = ContinuousClock()
        for run in 0..<8 {
            // Untimed: another device appends 100 lines; this one queues 100 actions.
            var revision = try await writer.currentRevision()
            let remoteLines = batch(count: 100, device: "other", seq: &writerSeq, run: run)
            guard
                case .committed(let next, _) = try await writer.append(remoteLines, expecting: revision, localCopy: nil)
            else { fatalError("bench: writer conflicted") }
            revision = next
            let records = localRecords(count: 100, seq: &localSeq, run: run)
            let start = clock.now
            let outcome = try await transport.send(records)
            let elapsed = clock.now - start
            precondition(outcome == .acknowledged, "bench: sync gave \(outcome)")
            if run > 0 { syncSamples.append(Stopwatch.nanoseconds(elapsed)) }
            // Baseline: the same remote I/O without the engine.
            let before = try await writer.read(after: nil).cursor
            let more = batch(count: 100, device: "other", seq: &writerSeq, run: run)
            revision = try await writer.currentRevision()
            let ioStart = clock.now
            guard case .committed = try await writer.append(more, expecting: revision, localCopy: nil) else {
                fatalError("bench: baseline append conflicted")
            }
            _ = try await writer.read(after: before)
            if run > 0 { ioSamples.append(Stopwatch.nanoseconds(clock.now - ioStart)) }
        }
        let snapshot = await transport.currentSnapshot
        report.emit(
            Figure(
                name: "sync-100+100-\(lines)", unit: "sync", medianNanoseconds: Stopwatch.median(syncSamples),
                baseline: "read100+append100", baselineMedianNanoseconds: Stopwatch.median(ioSamples),
                extra: [("playbook_lines", Double(snapshot.lineCount)), ("new_lines", 200)]))
        _ = await transport.refresh()
        let openTime = await Stopwatch.medianNanoseconds(runs: 5, operations: 1) {
            transport = try! await PlaybookTransport.open(
                directory: device, remote: remote, domain: LedgerDomain())
        }
        let replayTime = Stopwatch.medianNanoseconds(runs: 5, operations: 1) {
            _ = try! LedgerReplay.replay(contentsOf: playbook)
        }
        let snapshotBytes =
            (try? FileManager.default.attributesOfItem(atPath: device.path + "/local.snapshot")[.size] as? Int) ?? 0
        let journalBytes =
            (try? FileManager.default.attributesOfItem(atPath: device.path + "/local.journal")[.size] as? Int) ?? 0
        report.emit(
            Figure(
                name: "open-\(lines)", unit: "open", medianNanoseconds: openTime, baseline: "full-replay",
                baselineMedianNanoseconds: replayTime,
                extra: [
                    ("playbook_lines", Double(await transport.currentSnapshot.lineCount)),
                    ("snapshot_mb", Double(snapshotBytes) / 1e6), ("journal_kb", Double(journalBytes) / 1e3),
                ]))
    }

    /// `count` queued local actions (new categories), as the device's queue holds them.
    static func localRecords(count: Int, seq: inout UInt64, run: Int) -> [QueueRecord] {
        (0..<count).map { index -> QueueRecord in
            seq += 1
            let action = LedgerAction.newCategory("Local \(run)-\(index)")
            return QueueRecord(
                seq: seq, key: "bench:\(seq)", tag: action.tag.rawValue,
                payload: Data(action.encodeLine(actionId: nil).utf8))
        }
    }

    /// `count` new-transaction lines from `device`.
    static func batch(count: Int, device: String, seq: inout UInt64, run: Int) -> Data {
        var data = Data()
        for index in 0..<count {
            seq += 1
            let action = PlaybookGenerator.put(
                id: 10_000_000 + Int(seq), index: index, stamp: PlaybookGenerator.timestamp(milliseconds: Int64(seq)))
            data.append(contentsOf: action.encodeLine(actionId: ActionID(deviceID: device, seq: seq)).utf8)
            data.append(0x0A)
        }
        return data
    }
}
