import Foundation
import FuzzSupport

@testable import RxChainLogs

// The directory remote's files read back from any bytes: the playbook, its commit record
// (`CommitRecord.load`) and its append intent (`DirectoryRemoteIntent.load`), as a crash, a disk
// fault or another program may leave them. A read, an append and a read by a fresh remote:
// - The only bytes of the playbook ever removed are this remote's own: a tail explained by the
//   intent that was on disk (at the offset it names, a prefix of its lines). Nothing else of
//   the file is changed; an append adds its lines at the end of what stays.
// - A read returns every complete line of the file as it stands then (lines another program
//   wrote are adopted), but for a tail the intent explains (this remote's append, in progress or
//   torn), and whole lines only.
// - A committed append is read back, after the lines read before it, by this remote and by a
//   fresh one, at the revision the append answered; the commit record then counts the file.
//
// Input: the playbook (`FuzzInput.bytes`), then how to make the commit record and the intent:
// absent, raw bytes, or well-formed with fields drawn from the input (so the fuzzer reaches
// the checks behind the parsing: a record past the end or inside a line, an intent that
// explains the tail or not).

@main enum FuzzDirectoryRemote {
    static func main() { runFuzzer(fuzzDirectoryRemote) }
}

private let scratch = ScratchDirectory("directory-remote")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDirectoryRemote(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    scratch.reset()
    let path = scratch.file("playbook.ndjson")
    let playbook = input.flag() ? input.bytes() : nil
    if let playbook { scratch.write(playbook, to: "playbook.ndjson") }
    let original = playbook ?? []
    let record = makeCommitRecord(&input, playbook: original)
    makeIntent(&input, playbook: original, record: record)
    let intent = try! DirectoryRemoteIntent.load(path + ".intent")

    let remote = try! DirectoryRemote(path)
    let first = blockingResult { try await remote.read(after: nil) }
    guard case .success(let chunk) = first else { propertyFailed("the first read fails: \(first)") }
    let settled = scratch.read("playbook.ndjson") ?? []
    checkOnlyOwnBytesCut(from: original, to: settled, intent: intent)
    let read = Array(chunk.lines)
    check(settled.starts(with: read) && read.last ?? 0x0A == 0x0A, "the read gives \(show(read)) of \(show(settled))")
    let unread = settled.dropFirst(read.count)
    check(
        !unread.contains(0x0A) || intent.map { $0.offset == read.count && $0.lines.starts(with: unread) } == true,
        "the read leaves out complete lines the intent does not explain: \(show(unread))")

    let line = Data(#"{"type":"fuzz/added"}"#.utf8 + [0x0A])
    let appended = blockingResult { try await remote.append(line, expecting: chunk.revision, localCopy: nil) }
    let final = scratch.read("playbook.ndjson") ?? []
    switch appended {
    case .success(.committed(let revision, let cursor)):
        check(final == read + Array(line), "after the append the playbook is \(show(final))")
        checkOnlyOwnBytesCut(from: original, to: read, intent: intent)
        let commit = try! CommitRecord.load(path + ".commit")
        guard case .valid(let committed, _) = commit, committed.length == final.count else {
            propertyFailed("after the append the commit record is \(commit)")
        }
        let tail = blockingResult { try await remote.read(after: chunk.cursor) }
        check(
            (try? tail.get()).map { $0.lines == line && $0.cursor == cursor && $0.revision == revision } == true,
            "read after the first read's cursor: \(tail)")
        let fresh = blockingResult { try await DirectoryRemote(path).read(after: nil) }
        check(
            (try? fresh.get()).map { Array($0.lines) == final && $0.revision == revision } == true,
            "a fresh remote reads \(fresh)")
    case .success(.conflict(let current)):
        propertyFailed("the append after a read conflicts: \(chunk.revision) became \(current)")
    case .failure(PlaybookRemoteError.incompleteLine(_, let offset)):
        check(final == settled, "the refused append changed the playbook: \(show(final))")
        check(
            offset == read.count && !final.dropFirst(offset).isEmpty && !final.dropFirst(offset).contains(0x0A),
            "an incomplete line at \(offset) of \(show(final))")
    case .failure(let error):
        propertyFailed("the append fails: \(error)")
    }
    return 0
}

/// Checks that `settled` is `original` without, at most, a tail `intent` explains.
private func checkOnlyOwnBytesCut(from original: [UInt8], to settled: [UInt8], intent: DirectoryRemoteIntent?) {
    check(original.starts(with: settled), "the read changed the playbook: \(show(original)) became \(show(settled))")
    let cut = original.dropFirst(settled.count)
    guard !cut.isEmpty else { return }
    guard let intent, intent.offset == settled.count, intent.lines.starts(with: cut) else {
        propertyFailed("the read cut \(show(cut)), which the intent \(String(describing: intent)) does not explain")
    }
}

/// Writes the commit record as the input says; returns it when it is well-formed.
private func makeCommitRecord(_ input: inout FuzzInput, playbook: [UInt8]) -> CommitRecord? {
    let commitPath = scratch.file("playbook.ndjson.commit")
    switch input.choice(4) {
    case 0:
        return nil
    case 1:
        scratch.write(input.bytes(), to: "playbook.ndjson.commit")
        return nil
    default:
        // At a line end of the playbook (choice 2), or at any length (choice 3).
        let lineEnds = [0] + playbook.indices.filter { playbook[$0] == 0x0A }.map { $0 + 1 }
        let length = input.flag() ? input.pick(lineEnds) : Int(input.byte()) * 3
        let record = CommitRecord(
            epoch: input.flag() ? "e1" : "e2", generation: UInt64(input.choice(3)), length: length)
        try! record.publish(to: commitPath, directory: scratch.path)
        return record
    }
}

/// Writes the intent as the input says: raw bytes, or a whole intent on top of `record` (or
/// another) whose lines start with the playbook's bytes past the record, or not.
private func makeIntent(_ input: inout FuzzInput, playbook: [UInt8], record: CommitRecord?) {
    switch input.choice(3) {
    case 0:
        return
    case 1:
        scratch.write(input.bytes(), to: "playbook.ndjson.intent")
    default:
        let onTop = record ?? CommitRecord(epoch: "e1", generation: 0, length: 0)
        let tail = playbook.dropFirst(min(onTop.length, playbook.count))
        let kept = input.flag() ? tail.prefix(Int(input.byte())) : []
        let lines = Data(kept + input.bytes())
        var intent = DirectoryRemoteIntent(appending: lines, onTopOf: onTop)
        if input.flag() { intent.generation += 1 }
        try! intent.write(to: scratch.file("playbook.ndjson.intent"), directory: scratch.path)
    }
}
