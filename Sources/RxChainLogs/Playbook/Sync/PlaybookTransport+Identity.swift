import Foundation
import RxChainCore

/// Keeping the device's actionIds its own (see ``DeviceIdentity``).
extension PlaybookTransport {
    /// Guards `identity`'s actionIds from now on (`nil`: stop guarding); its numbering
    /// continues at once above the highest `seq` the snapshot holds for its id.
    package func use(identity: (any DeviceIdentity)?) {
        self.identity = identity
        guard let identity else { return }
        continueNumbering(identity)
        let deviceID = identity.deviceID
        updateStatus { $0.deviceID = deviceID }
    }

    /// Makes the identity's next `seq` larger than every `seq` the snapshot holds for its id.
    func continueNumbering(_ identity: any DeviceIdentity) {
        if let highest = snapshot.actionIDs.highestSeq(of: identity.deviceID) {
            identity.continueSequence(above: highest)
        }
    }

    /// The `seq`s, among new claims on the device's own id, of lines the device did not write:
    /// a line whose `seq` is a pending record's but whose bytes are not that record's line,
    /// or whose `seq` the device never gave out.
    ///
    /// A `seq` below ``DeviceIdentity/nextSeq`` that is not pending was this device's (sent
    /// before, or dropped): a line there cannot take anything from it.
    func strangers(among claims: [(seq: UInt64, digest: UInt64)], of identity: any DeviceIdentity) -> [UInt64] {
        guard !claims.isEmpty else { return [] }
        let nextSeq = identity.nextSeq
        var pendingBySeq: [UInt64: QueueRecord] = [:]
        for record in identity.pending { pendingBySeq[record.seq] = record }
        return claims.filter { claim in
            if let record = pendingBySeq[claim.seq] {
                guard let line = try? domain.line(for: record) else { return true }
                return LineDigest.of(line) != claim.digest
            }
            return claim.seq >= nextSeq
        }.map(\.seq)
    }

    /// Gives the device a new id for its pending records (but those the playbook already holds
    /// under their keys) and says why in the status.
    ///
    /// - Returns: the outcome of the sync step: a conflict, so that the ``SyncManager`` reads
    ///   the re-keyed records from the queue and sends them at once.
    func takeNewDeviceID(_ identity: any DeviceIdentity, because found: String) async throws -> SyncOutcome {
        let old = identity.deviceID
        let new = UUID().uuidString
        let held = Set(identity.pending.filter { snapshot.holds($0, domain: domain) }.map(\.seq))
        try await identity.changeDeviceID(to: new, keeping: held)
        let change = DeviceIDChange(
            from: old, to: new,
            reason: "the playbook holds \(found) that this store did not write (a copied store, a reset queue, "
                + "or another program); its pending actions now carry \(new)",
            at: now())
        updateStatus { status in
            status.deviceID = new
            status.deviceIDChanges = Array((status.deviceIDChanges + [change]).suffix(PlaybookSyncStatus.historyLimit))
        }
        return .conflict(reason: "device id \(old) changed to \(new): \(change.reason)")
    }

    /// `phone:3, phone:7 and 2 more`: actionIds for a sentence.
    static func describe(_ seqs: [UInt64], of deviceID: String) -> String {
        let named = seqs.prefix(3).map { "\(deviceID):\($0)" }.joined(separator: ", ")
        let more = seqs.count > 3 ? " and \(seqs.count - 3) more" : ""
        return (seqs.count == 1 ? "a line with actionId " : "lines with actionIds ") + named + more
    }
}
