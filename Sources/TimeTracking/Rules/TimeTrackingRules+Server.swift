extension TimeTrackingRules {
    /// `sync/ack`: the server accepted a request.
    ///
    /// - create or update of a live entry: `remoteId` set if missing; `synced` (and
    ///   `syncError` cleared) only if `modifiedAt <= sentModifiedAt` (and, when the ack knows the
    ///   fields it sent, they are still the entry's: a second change in the same second), else
    ///   `updatePending`
    ///   (even when it was `createPending`: it exists on the server now), so an ack for an
    ///   older snapshot never overwrites an edit made meanwhile.
    /// - create or update of a tombstone: `remoteId` set if missing; it stays `updatePending`.
    /// - create of a missing id (purged meanwhile): a tombstone
    ///   `{id, remoteId, deletedAt: serverAt, modifiedAt: serverAt, updatePending}`, so the
    ///   server's copy gets deleted. Update of a missing id: ignored.
    /// - delete: purges the tombstone (ignored for a live entry or a missing id).
    static func applyAck(_ ack: SyncAck, to state: inout TimeTrackingState) -> TimeTrackingRuleOutcome {
        switch (ack.kind, state.entries[ack.id]) {
        case (.delete, .tombstone):
            state.entries.removeValue(forKey: ack.id)
        case (.delete, .live):
            return .ignored(.notDeleted(ack.id))
        case (.delete, nil), (.update, nil):
            return .ignored(.unknownEntry(ack.id))
        case (.create, nil):
            state.entries[ack.id] = .tombstone(
                TimeEntryTombstone(
                    id: ack.id, remoteId: ack.remoteId, deletedAt: ack.serverAt, modifiedAt: ack.serverAt))
        case (.create, .live(var entry)), (.update, .live(var entry)):
            if entry.remoteId == nil { entry.remoteId = ack.remoteId }
            if entry.modifiedAt <= ack.sentModifiedAt, ack.sent.map({ $0.carries(entry) }) != false {
                entry.syncState = .synced
                entry.syncError = nil
            } else {
                entry.syncState = .updatePending
            }
            state.entries[ack.id] = .live(entry)
        case (.create, .tombstone(var tombstone)), (.update, .tombstone(var tombstone)):
            if tombstone.remoteId == nil { tombstone.remoteId = ack.remoteId }
            tombstone.syncState = .updatePending
            state.entries[ack.id] = .tombstone(tombstone)
        }
        return .applied
    }

    /// `sync/reject`: the server turned a request down.
    ///
    /// - 404: the record is purged (and ``TimeTrackingState/running`` cleared if it was it).
    /// - 400: `syncError = message` (or `"rejected"`) on the live entry, which stays pending and
    ///   is held until it changes again (ignored for a tombstone, which has no `syncError`).
    /// - Any other status is ignored: 5xx and network errors never reach the store.
    static func applyReject(_ reject: SyncReject, to state: inout TimeTrackingState) -> TimeTrackingRuleOutcome {
        guard reject.status == 404 || reject.status == 400 else { return .ignored(.statusNotHandled(reject.status)) }
        guard let record = state.entries[reject.id] else { return .ignored(.unknownEntry(reject.id)) }
        if reject.status == 404 {
            state.entries.removeValue(forKey: reject.id)
            if state.running == reject.id { state.running = nil }
            return .applied
        }
        guard case .live(var entry) = record else { return .ignored(.deleted(reject.id)) }
        entry.syncError = reject.message ?? "rejected"
        state.entries[reject.id] = .live(entry)
        return .applied
    }
}
