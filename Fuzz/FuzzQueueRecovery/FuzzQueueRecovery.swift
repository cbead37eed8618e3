import Foundation
import FuzzSupport
import RxChainCore

// The durable queue's recovery (`SyncQueue.open`, over `QueueLogScan` and `QueueLogEntry`'s
// decoding) from any bytes in `queue.jsonl`:
// - It agrees with the read-only `SyncQueue.inspect`: the same pending records, dead letters,
//   next sequence number, and quarantined lines (each one a whole line of the file, as it was).
// - A log it refuses to open (an unreadable header) is left byte for byte as it was.
// - Recovered then reopened, the queue holds the same records, quarantines nothing more and
//   cuts nothing more; a record enqueued after recovery is there after the reopen, behind the
//   recovered ones, and after a compaction and a reopen too.
//
// Input: one byte of flags, then the log's bytes. With flag 1, every line of the form
// `<8 hex digits> <json>` gets the right CRC-32 before it is written, so the fuzzer reaches the
// JSON decoding behind the checksums; without it, the bytes are written as they are.

@main enum FuzzQueueRecovery {
    static func main() { runFuzzer(fuzzQueueRecovery) }
}

private let scratch = ScratchDirectory("queue")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueueRecovery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    let flags = input.byte()
    var log = input.rest()
    if flags & 1 == 1 { log = withChecksums(log) }
    scratch.reset()
    let directory = URL(fileURLWithPath: scratch.file("queue"))
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    scratch.write(log, to: "queue/queue.jsonl")

    let inspected = Result { try SyncQueue.inspect(directory: directory) }
    let opened = blockingResult { try await SyncQueue.open(directory: directory, durability: .none, deviceID: "fuzz") }
    let queue: SyncQueue
    switch (opened, inspected) {
    case (.failure(let error), .failure):
        check(scratch.read("queue/queue.jsonl") == log, "refusing to open (\(error)), the queue changed its log")
        return 0
    case (.failure(let error), .success):
        propertyFailed("inspect reads the log, open refuses it: \(error)")
    case (.success(let success), .failure(let error)):
        propertyFailed("open reads the log, inspect refuses it: \(error); \(success.recoveryReport)")
    case (.success(let success), .success(let inspection)):
        queue = success
        check(queue.pending == inspection.pending, "open and inspect read different pending records")
        check(queue.deadLetters == inspection.deadLetters, "open and inspect read different dead letters")
        check(queue.nextSeq == inspection.nextSeq, "open and inspect read different next seqs")
        check(queue.recoveryReport.quarantined == inspection.unreadable, "open and inspect quarantine differently")
    }
    let lines = log.split(separator: 0x0A, omittingEmptySubsequences: false)
    for line in queue.recoveryReport.quarantined {
        let original = line.lineNumber <= lines.count ? Array(lines[line.lineNumber - 1]) : nil
        check(
            original.map(bytes(of: line).elementsEqual) == true, "quarantined line \(line.lineNumber) is not its bytes")
    }
    let recovered = (pending: queue.pending, deadLetters: queue.deadLetters, quarantined: queue.quarantined)

    // A log that used the last sequence number takes no more requests, by design.
    let added = blockingResult { try await queue.enqueueDurably(tag: "fuzz/added", payload: Data(#"{"n":1}"#.utf8)) }
    var expected = recovered.pending
    switch added {
    case .success(let record): expected.append(record)
    case .failure(SyncQueueError.sequenceExhausted): break
    case .failure(let error): propertyFailed("enqueue after recovery fails: \(error)")
    }
    blocking { await queue.close() }

    let reopened = reopen(directory, "after recovery")
    check(reopened.recoveryReport.isClean, "the recovered queue needs recovery again: \(reopened.recoveryReport)")
    check(reopened.pending == expected, "reopened, the pending records differ")
    check(reopened.deadLetters == recovered.deadLetters, "reopened, the dead letters differ")
    check(reopened.quarantined == recovered.quarantined, "reopened, the quarantine differs")
    check(
        blocking { () async -> Bool in (try? await reopened.compact()) != nil }, "the recovered queue does not compact")
    blocking { await reopened.close() }

    let compacted = reopen(directory, "after a compaction")
    check(compacted.recoveryReport.isClean, "the compacted queue needs recovery: \(compacted.recoveryReport)")
    check(compacted.pending == expected, "compacted, the pending records differ")
    check(compacted.deadLetters == recovered.deadLetters, "compacted, the dead letters differ")
    blocking { await compacted.close() }
    return 0
}

private func reopen(_ directory: URL, _ when: String) -> SyncQueue {
    switch blockingResult({ try await SyncQueue.open(directory: directory, durability: .none, deviceID: "fuzz") }) {
    case .success(let queue): return queue
    case .failure(let error): propertyFailed("the queue does not open \(when): \(error)")
    }
}

/// The exact bytes of a quarantined line.
private func bytes(of line: QuarantinedLine) -> [UInt8] {
    line.base64.flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? Array(line.text.utf8)
}
