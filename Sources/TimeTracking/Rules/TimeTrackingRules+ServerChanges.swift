import RxChainJSON

extension TimeTrackingRules {
    /// `sync/serverChanges`: merges the server's records, in order, then restores the running
    /// invariant. Never ignored.
    ///
    /// Each record is matched by `remoteId` among all local records, tombstones included (when
    /// several hold it, the smallest id):
    /// - deleted on the server (`deletedAt` set): the local record, live or tombstone, is purged
    ///   (the deleted side wins);
    /// - unknown: imported as `synced` with the id `r<remoteId>` and `modifiedAt` = its `at`
    ///   (left out when another record holds that id);
    /// - a local tombstone: left alone (our delete is pending);
    /// - a local `synced` entry takes the server copy unless the server's `at` is earlier than
    ///   its `modifiedAt`; a pending one keeps its own when its `modifiedAt` is later than the
    ///   server's `at`, else takes the server copy. (Both: the server copy wins when its `at`
    ///   is not earlier than `modifiedAt`.)
    ///
    /// Taking the server copy replaces description, workspace, project, task, billable, tags,
    /// start and stop (truncated), sets `synced`, `modifiedAt` = the server's `at`, and clears
    /// `syncError`. Then, if several entries run, the one with the latest start (ties: the
    /// larger id) keeps running; each other stops at the winner's start (not before its own)
    /// and is marked modified at the message's `at`.
    static func applyServerChanges(_ changes: ServerChanges, to state: inout TimeTrackingState)
        -> TimeTrackingRuleOutcome
    {
        var idsByRemoteId: [Int: String] = [:]
        for record in state.entries.values {
            guard let remoteId = record.remoteId else { continue }
            if let held = idsByRemoteId[remoteId], held < record.id { continue }
            idsByRemoteId[remoteId] = record.id
        }
        for server in changes.entries {
            let localId = idsByRemoteId[server.remoteId]
            if server.deletedAt != nil {
                guard let localId else { continue }
                state.entries.removeValue(forKey: localId)
                idsByRemoteId[server.remoteId] = nil
                if state.running == localId { state.running = nil }
                continue
            }
            guard let localId, let record = state.entries[localId] else {
                let id = "r\(server.remoteId)"
                guard state.entries[id] == nil else { continue }
                state.entries[id] = .live(TimeEntry(id: id, remoteId: server.remoteId, copying: server))
                idsByRemoteId[server.remoteId] = id
                continue
            }
            guard case .live(let local) = record, !(server.at < local.modifiedAt) else { continue }
            state.entries[localId] = .live(TimeEntry(id: localId, remoteId: local.remoteId, copying: server))
        }
        restoreRunningInvariant(in: &state, at: changes.at)
        return .applied
    }

    /// Leaves at most one live entry running: the one with the latest start (ties: the larger
    /// id). Each other running entry stops at the winner's start (not before its own start)
    /// and is marked modified at `at`; ``TimeTrackingState/running`` names the winner, or is `nil`.
    static func restoreRunningInvariant(in state: inout TimeTrackingState, at: Timestamp) {
        let running = state.entries.values.compactMap { $0.entry?.isRunning == true ? $0.entry : nil }
        guard let winner = running.max(by: { ($0.start, $0.id) < ($1.start, $1.id) }) else {
            state.running = nil
            return
        }
        for var loser in running where loser.id != winner.id {
            loser.stop = max(winner.start, loser.start)
            loser.markModified(at: at)
            state.entries[loser.id] = .live(loser)
        }
        state.running = winner.id
    }
}

extension TimeEntry {
    /// The server's copy of an entry: its fields (start and stop truncated), `synced`,
    /// `modifiedAt` = the server's `at`, no `syncError`.
    init(id: String, remoteId: Int?, copying server: ServerTimeEntry) {
        self.init(
            id: id, description: server.description, workspaceId: server.workspaceId, projectId: server.projectId,
            taskId: server.taskId, billable: server.billable, tags: server.tags, start: server.start.entrySecond,
            stop: server.stop?.entrySecond, remoteId: remoteId, syncState: .synced, modifiedAt: server.at)
    }
}
