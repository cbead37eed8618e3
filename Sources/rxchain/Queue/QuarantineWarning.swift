import Foundation
import RxChain

/// The one-line warning that store commands (`ledger list`, `sync`, `status`) print on
/// stderr while a store's queue holds quarantined records.
///
/// Quarantined records never sync, so the user must hear of them until they are dealt
/// with (`rxchain queue archive-quarantine DIR` moves them to a dated file). Stderr keeps
/// `--json` output on stdout one object.
enum QuarantineWarning {
    /// `warning: 2 quarantined records in DIR (they will not sync); see: rxchain queue inspect DIR`,
    /// or nil when `count` is zero.
    static func line(count: Int, queueDirectory: URL) -> String? {
        guard count > 0 else { return nil }
        let path = queueDirectory.path
        let records = count == 1 ? "1 quarantined record" : "\(count) quarantined records"
        return "warning: \(records) in \(path) (they will not sync); see: rxchain queue inspect \(path)"
    }

    /// Writes the warning for an open queue, if it holds quarantined records.
    static func write(for queue: SyncQueue, to terminal: Terminal) {
        if let line = line(count: queue.quarantined.count, queueDirectory: queue.directory) {
            terminal.writeErrorLine(line)
        }
    }
}
