import Foundation
import RxChainCore
import RxChainDevice

/// The one-line warnings store commands print on stderr while something about a store needs
/// the user: quarantined queue records (`list`, `sync`, `status`), and a local copy that was
/// discarded and not yet read again (`list`).
///
/// Stderr keeps `--json` output on stdout one object.
enum StoreWarnings {
    /// `warning: 2 quarantined records in DIR (they will not sync); see: rxchain queue inspect DIR`,
    /// or nil when `count` is zero.
    ///
    /// Quarantined records never sync, so the user must hear of them until they are dealt
    /// with (`rxchain queue archive-quarantine DIR` moves them to a dated file).
    static func quarantine(count: Int, queueDirectory: URL) -> String? {
        guard count > 0 else { return nil }
        let path = queueDirectory.path
        let records = count == 1 ? "1 quarantined record" : "\(count) quarantined records"
        return "warning: \(records) in \(path) (they will not sync); see: rxchain queue inspect \(path)"
    }

    /// `warning: the local copy was reset (REASON); until the next sync this store shows only
    /// its own pending actions`: the state shown is not what the playbook holds.
    static func localCopyReset(reason: String) -> String {
        "warning: the local copy was reset (\(reason)); until the next sync this store shows only its own pending "
            + "actions"
    }

    /// Writes the quarantine warning for an open queue, if it holds quarantined records.
    static func writeQuarantine(for queue: SyncQueue, to terminal: Terminal) {
        if let line = quarantine(count: queue.quarantined.count, queueDirectory: queue.directory) {
            terminal.writeErrorLine(line)
        }
    }

    /// Writes every warning about a device whose state is about to be shown.
    static func write<Domain: DeviceDomain>(for device: Device<Domain>, to terminal: Terminal) async {
        writeQuarantine(for: device.sync.queue, to: terminal)
        if let reason = await device.transport?.resetBeforeNextSync {
            terminal.writeErrorLine(localCopyReset(reason: reason))
        }
    }
}
