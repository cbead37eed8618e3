import Foundation
import FuzzSupport
import RxChainServer
import RxChainServerStorage

// The server journal's recovery (`LogBook.open`, over `JournalRecovery` and
// `LogEntry.decodeJournalLine`) from any bytes in one or two segment files:
// - Opened as the server opens it (refusing damage), it either opens or throws `damaged`, and
//   then leaves every segment byte for byte as it was.
// - Opened despite damage, then given one new entry and reopened, it holds the same entries plus
//   the new one, reports the same damage (the damaged records stay in the journal), and finds no
//   torn tail to cut.
//
// Input: one byte of flags, then the journal's bytes. With flag 1, every line of the form
// `<8 hex digits> <json>` gets the right CRC-32 before it is written, so the fuzzer reaches the
// JSON decoding behind the checksums. With flag 2, the next byte splits the bytes into two
// segments (at that many lines), the second the one appended to.

@main enum FuzzJournalRecovery {
    static func main() { runFuzzer(fuzzJournalRecovery) }
}

private let scratch = ScratchDirectory("journal")

/// A clock that always says the same: the book still gives every entry a `ts` above the last.
@Sendable private func clock() -> UInt64 { 1_000 }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalRecovery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    let flags = input.byte()
    let split = flags & 2 == 2 ? Int(input.byte()) : nil
    var bytes = input.rest()
    if flags & 1 == 1 { bytes = withChecksums(bytes) }
    scratch.reset()
    let directory = URL(fileURLWithPath: scratch.file("logs"))
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var segments = [bytes]
    if let split {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let first = lines.prefix(split).map { Array($0) + [0x0A] }.joined()
        segments = [Array(first), Array(bytes.dropFirst(first.count))]
    }
    let names = segments.indices.map { "logs/journal-000000000\($0 + 1).log" }
    for (segment, name) in zip(segments, names) { scratch.write(segment, to: name) }

    switch blockingResult({ try await LogBook.open(directory: directory, clock: clock) }) {
    case .success(let book):
        check(book.recoveryReport?.damaged.isEmpty == true, "the book opens over damage")
        blocking { await book.close() }
    case .failure(LogStoreError.damaged(let damage)):
        check(!damage.isEmpty, "the book refuses to open for no damage")
        for (segment, name) in zip(segments, names) {
            check(scratch.read(name) == segment, "refusing to open (\(damage)), the book changed \(name)")
        }
    case .failure(let error):
        propertyFailed("the book fails to open: \(error)")
    }

    let book = open(directory, "despite damage")
    let report = book.recoveryReport!
    let recovered = book.entries(afterTimestamp: 0, limit: .max)
    check(
        recovered.count == report.entryCount, "the report counts \(report.entryCount) entries, not \(recovered.count)")
    let log = try! LogName(validating: "fuzz/added")
    let added = blockingResult {
        try await book.append(to: log, id: "added", body: Array(#"{"n":1}"#.utf8), creator: "fuzz")
    }
    guard case .success(let result) = added else { propertyFailed("an append after recovery fails: \(added)") }
    blocking { await book.close() }

    let reopened = open(directory, "after recovery")
    let again = reopened.entries(afterTimestamp: 0, limit: .max)
    check(Array(again.dropLast()) == recovered, "reopened, the recovered entries differ")
    check(
        again.last.map { $0.log == log && $0.id == "added" && $0.seq == result.seq && $0.ts == result.ts } == true,
        "reopened, the entry appended after recovery is not last: \(String(describing: again.last))")
    let reported = reopened.recoveryReport!
    check(reported.tornTail == nil, "the recovered journal has a torn tail again: \(reported)")
    check(
        reported.damaged.map(\.place) == report.damaged.map(\.place),
        "reopened, the damage differs: \(report.damaged) then \(reported.damaged)")
    blocking { await reopened.close() }
    return 0
}

private func open(_ directory: URL, _ when: String) -> LogBook {
    switch blockingResult({ try await LogBook.open(directory: directory, clock: clock, startDespiteDamage: true) }) {
    case .success(let book): return book
    case .failure(let error): propertyFailed("the book does not open \(when): \(error)")
    }
}

extension JournalDamage {
    /// Where the damage is and what it is.
    fileprivate var place: String { "\(file)@\(offset): \(reason)" }
}
