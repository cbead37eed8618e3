import Foundation

/// What to do with one batch of pending records, decided against the snapshot just
/// downloaded: pure, so every case is a unit test.
///
/// In batch order, each record is
/// - **already in the playbook** when its `seq` is at or below its device's high-water
///   mark (a previous append committed but its answer was lost, or the process died
///   before the queue heard of it): acknowledged without appending;
/// - **dropped** when the domain's rules turn it down on top of the snapshot and the
///   records kept before it (``PendingActionOutcome/ignored(reason:)`` or
///   ``PendingActionOutcome/invalid(reason:)``): acknowledged and reported;
/// - **appended** otherwise, as its domain line with its key as `actionId`.
///
/// The whole batch is acknowledged once the appended lines commit (or at once when there
/// are none), so a partly committed batch never has a record appended twice.
struct PlaybookUploadPlan {
    /// Records whose lines the playbook already holds.
    var alreadyInPlaybook: [QueueRecord] = []
    /// Records dropped, with the reason.
    var dropped: [(record: QueueRecord, reason: String)] = []
    /// Records to append, in order.
    var appended: [QueueRecord] = []
    /// Their lines, each ending in `"\n"`.
    var lines = Data()

    init<Domain: PlaybookDomain>(
        batch: [QueueRecord], state: Domain.State, highWaterMarks: [String: UInt64], domain: Domain
    ) {
        var working = state
        for record in batch {
            if let (device, seq) = Self.split(record.key), let mark = highWaterMarks[device], seq <= mark {
                alreadyInPlaybook.append(record)
                continue
            }
            let line: Data
            do {
                line = try domain.line(for: record)
            } catch {
                dropped.append((record, "invalid: \(error)"))
                continue
            }
            switch domain.apply(pending: record, to: &working) {
            case .ignored(let reason):
                dropped.append((record, reason))
            case .invalid(let reason):
                dropped.append((record, "invalid: \(reason)"))
            case .applied:
                lines.append(line)
                lines.append(UInt8(ascii: "\n"))
                appended.append(record)
            }
        }
    }

    /// `"<deviceId>:<seq>"` split at its last colon.
    static func split(_ key: String) -> (device: String, seq: UInt64)? {
        guard let colon = key.lastIndex(of: ":"), let seq = UInt64(key[key.index(after: colon)...]) else {
            return nil
        }
        return (String(key[..<colon]), seq)
    }
}
