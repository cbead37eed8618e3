import Foundation
import RxChainCore

/// What to do with one batch of pending records, decided against the snapshot just
/// downloaded: pure, so every case is a unit test.
///
/// In batch order, each record is
/// - **already in the playbook** when a line with its key as `actionId` *and the same bytes as
///   the record's own line* (``LineDigest``) claimed that actionId (a previous append
///   committed but its answer was lost, or the process died before the queue heard of it):
///   acknowledged without appending;
/// - **clashing** when a *different* line holds its actionId: it must not be appended under
///   that id (replay would skip it) nor acknowledged (it is not in the playbook); the device
///   takes a new id for its pending records (``DeviceIdentity/changeDeviceID(to:)``);
/// - **dropped** when its line cannot be made, or the domain's rules turn it down on top of the
///   snapshot and the records kept before it (``PendingActionOutcome/ignored(reason:)`` or
///   ``PendingActionOutcome/invalid(reason:)``): acknowledged and reported;
/// - **appended** otherwise, as its domain line with its key as `actionId`.
///
/// The whole batch is acknowledged once the appended lines commit (or at once when there
/// are none), so a partly committed batch never has a record appended twice.
struct PlaybookUploadPlan {
    /// Records whose lines the playbook already holds.
    var alreadyInPlaybook: [QueueRecord] = []
    /// Records whose actionId a different line holds.
    var clashing: [QueueRecord] = []
    /// Records dropped, with the reason.
    var dropped: [(record: QueueRecord, reason: String)] = []
    /// Records to append, in order.
    var appended: [QueueRecord] = []
    /// Their lines, each ending in `"\n"`.
    var lines = Data()

    init<Domain: PlaybookDomain>(
        batch: [QueueRecord], state: Domain.State, actionIDs: ActionIDIndex, domain: Domain
    ) {
        var working = state
        for record in batch {
            let line: Data
            do {
                line = try domain.line(for: record)
            } catch {
                dropped.append((record, "invalid: \(error)"))
                continue
            }
            if let id = ActionID(parsing: record.key), let claimed = actionIDs.digest(of: id) {
                if claimed == LineDigest.of(line) {
                    alreadyInPlaybook.append(record)
                } else {
                    clashing.append(record)
                }
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
}
