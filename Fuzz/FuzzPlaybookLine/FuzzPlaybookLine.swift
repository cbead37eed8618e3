import Foundation
import FuzzSupport
import Ledger
import RxChainCore
import RxChainLogs
import TimeTracking

// The line codecs of the playbook domains: the ledger's hand-written `ActionParser` and
// `encodeLine`, and the time tracker's `PlaybookLine` (Foundation's JSON coders). Each input line
// goes to both.
// - Round trip: a line a domain reads writes (`lineBytes`) as a line that reads back as the
//   same action and actionId (the time tracker's server changes without the records it could
//   not read, which its format does not write), and writes back as the same bytes (the engine recognises its own
//   lines by their digest, so the writer must be a function of the action).
// - A line a domain reads is JSON Foundation reads too: an object whose `type` is the action's.
// - A queue record that carries the line reads as its action (`action(of:)`).

@main enum FuzzPlaybookLine {
    static func main() { runFuzzer(fuzzPlaybookLine) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaybookLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = fuzzBytes(data, size)
    checkRoundTrip(LedgerDomain(), line, type: { $0.tag.rawValue }, written: { $0 })
    checkRoundTrip(TimeTrackingDomain(), line, type: { $0.tag.rawValue }, written: withoutSkippedRecords)
    return 0
}

/// What a time tracker's action writes: its server records but those it could not read (listed
/// in `skipped`, which the line format documents as not written).
private func withoutSkippedRecords(_ action: TimeTrackingAction) -> TimeTrackingAction {
    guard case .serverChanges(var changes) = action else { return action }
    changes.skipped = []
    return .serverChanges(changes)
}

/// `written`: the part of an action its line keeps (the action itself, for most domains).
private func checkRoundTrip<Domain: PlaybookDomain>(
    _ domain: Domain, _ line: [UInt8], type: (Domain.Action) -> String,
    written keeps: (Domain.Action) -> Domain.Action
) where Domain.Action: Equatable {
    guard case .success(let entry) = line.withUnsafeBytes({ domain.readLine($0) }) else { return }
    let written = domain.lineBytes(for: entry.action, actionId: entry.actionId)
    guard case .success(let again) = written.withUnsafeBytes({ domain.readLine($0) }) else {
        propertyFailed("\(domain.name): \(show(line)) reads, but its line as written does not: \(show(written))")
    }
    check(
        again.action == keeps(entry.action) && again.actionId == entry.actionId,
        "\(domain.name): \(show(line)) reads as \(entry.action), written as \(show(written)), read back as \(again.action)"
    )
    let rewritten = domain.lineBytes(for: again.action, actionId: again.actionId)
    check(rewritten == written, "\(domain.name): the same action written twice: \(show(written)), \(show(rewritten))")

    let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
    check(
        object?["type"] as? String == type(entry.action),
        "\(domain.name): \(show(line)) reads, but Foundation reads \(String(describing: object))")

    let record = QueueRecord(seq: 1, key: "fuzz:1", tag: type(entry.action), payload: Data(line))
    guard case .success(let carried) = domain.action(of: record) else {
        propertyFailed("\(domain.name): a queue record carrying \(show(line)) does not read")
    }
    check(carried == entry.action, "\(domain.name): a queue record carrying \(show(line)) reads as \(carried)")
}
