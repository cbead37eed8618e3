import RxChainJSON

/// The time tracker's rules as one pure function: the state is a pure function of the
/// messages applied, and every device applies them identically.
///
/// Local messages (each becomes server requests):
/// - `timeEntries/start`: ignored when the id names a record. The running entry, if any,
///   stops at `max(at, its start)` and is marked modified; the new entry runs from `at`,
///   `createPending`, without a `remoteId`.
/// - `timeEntries/stop`: only for the live running entry (else ignored: unknown, deleted, not
///   running). `stop = max(at, start)`; marked modified; nothing runs.
/// - `timeEntries/continue`: ignored when the source is unknown, deleted or running, or
///   `newId` is taken. Stops the running entry as `start` does; the new entry copies the
///   source's description, workspace, project, task, billable and tags, and runs from `at`.
/// - `timeEntries/put`: ignored for a tombstone, or when the result would stop before it
///   starts. A new id needs `workspaceId` and `start` (`createPending`); otherwise fields merge
///   and the entry is marked modified. If the result runs, any other running entry stops at
///   `at` (not before its own start).
/// - `timeEntries/remove`: each live entry without a `remoteId` is purged; one with a
///   `remoteId` becomes a tombstone (`updatePending`). Ignored when no id names a live entry.
///
/// Server answers: see `applyAck(_:to:)`, `applyReject(_:to:)` and
/// `applyServerChanges(_:to:)`.
///
/// "Marked modified" means `modifiedAt = at`, `createPending` stays, anything else becomes
/// `updatePending`, and `syncError` is cleared. `start` and `stop` are truncated to the whole
/// second and written in UTC; times compare as instants. After every message at most one live
/// entry runs and ``TimeTrackingState/running`` names it (asserted in debug builds).
public enum TimeTrackingRules {
    /// Applies one message; the state is untouched unless the outcome is `RuleOutcome.applied`.
    ///
    /// Pure and deterministic: the same state and message always give the same result.
    public static func apply(_ action: TimeTrackingAction, to state: inout TimeTrackingState)
        -> TimeTrackingRuleOutcome
    {
        if let error = action.validationError { return .invalid(error) }
        let outcome: TimeTrackingRuleOutcome
        switch action {
        case .start(let start): outcome = applyStart(start, to: &state)
        case .stop(let id, let at): outcome = applyStop(id: id, at: at, to: &state)
        case .continueEntry(let id, let newId, let at):
            outcome = applyContinue(id: id, newId: newId, at: at, to: &state)
        case .put(let put): outcome = applyPut(put, to: &state)
        case .remove(let ids, let at): outcome = applyRemove(ids: ids, at: at, to: &state)
        case .ack(let ack): outcome = applyAck(ack, to: &state)
        case .reject(let reject): outcome = applyReject(reject, to: &state)
        case .serverChanges(let changes): outcome = applyServerChanges(changes, to: &state)
        }
        assert(state.runningInvariantHolds, "TimeTrackingRules: \(action.tag) broke the running invariant")
        return outcome
    }

    /// `timeEntries/start`.
    static func applyStart(_ start: EntryStart, to state: inout TimeTrackingState) -> TimeTrackingRuleOutcome {
        guard state.entries[start.id] == nil else { return .ignored(.idTaken(start.id)) }
        stopRunningEntry(in: &state, at: start.at)
        let entry = TimeEntry(
            id: start.id, description: start.description ?? "", workspaceId: start.workspaceId,
            projectId: start.projectId, taskId: start.taskId, billable: start.billable ?? false,
            tags: start.tags ?? [], start: start.at.entrySecond, syncState: .createPending, modifiedAt: start.at)
        state.entries[start.id] = .live(entry)
        state.running = start.id
        return .applied
    }

    /// `timeEntries/stop`.
    static func applyStop(id: String, at: Timestamp, to state: inout TimeTrackingState) -> TimeTrackingRuleOutcome {
        switch state.entries[id] {
        case nil: return .ignored(.unknownEntry(id))
        case .tombstone: return .ignored(.deleted(id))
        case .live:
            guard state.running == id else { return .ignored(.notRunning(id)) }
            stopRunningEntry(in: &state, at: at)
            return .applied
        }
    }

    /// `timeEntries/continue`.
    static func applyContinue(id: String, newId: String, at: Timestamp, to state: inout TimeTrackingState)
        -> TimeTrackingRuleOutcome
    {
        let source: TimeEntry
        switch state.entries[id] {
        case nil: return .ignored(.unknownEntry(id))
        case .tombstone: return .ignored(.deleted(id))
        case .live(let entry): source = entry
        }
        guard !source.isRunning else { return .ignored(.sourceRunning(id)) }
        guard state.entries[newId] == nil else { return .ignored(.idTaken(newId)) }
        stopRunningEntry(in: &state, at: at)
        let entry = TimeEntry(
            id: newId, description: source.description, workspaceId: source.workspaceId,
            projectId: source.projectId, taskId: source.taskId, billable: source.billable, tags: source.tags,
            start: at.entrySecond, syncState: .createPending, modifiedAt: at)
        state.entries[newId] = .live(entry)
        state.running = newId
        return .applied
    }

    /// `timeEntries/put`.
    static func applyPut(_ put: EntryPut, to state: inout TimeTrackingState) -> TimeTrackingRuleOutcome {
        var entry: TimeEntry
        switch state.entries[put.id] {
        case .tombstone:
            return .ignored(.deleted(put.id))
        case nil:
            guard let workspaceId = put.workspaceId else { return .ignored(.missingWorkspace(put.id)) }
            guard let start = put.start else { return .ignored(.missingStart(put.id)) }
            entry = TimeEntry(
                id: put.id, description: put.description ?? "", workspaceId: workspaceId,
                projectId: put.projectId.applied(to: nil), taskId: put.taskId.applied(to: nil),
                billable: put.billable ?? false, tags: put.tags ?? [], start: start.entrySecond,
                stop: put.stop.applied(to: nil)?.entrySecond, syncState: .createPending, modifiedAt: put.at)
        case .live(let existing):
            entry = existing
            if let description = put.description { entry.description = description }
            if let workspaceId = put.workspaceId { entry.workspaceId = workspaceId }
            entry.projectId = put.projectId.applied(to: entry.projectId)
            entry.taskId = put.taskId.applied(to: entry.taskId)
            if let billable = put.billable { entry.billable = billable }
            if let tags = put.tags { entry.tags = tags }
            if let start = put.start { entry.start = start.entrySecond }
            entry.stop = put.stop.applied(to: entry.stop)?.entrySecond
            entry.markModified(at: put.at)
        }
        if let stop = entry.stop, stop < entry.start { return .ignored(.stopsBeforeStart(put.id)) }
        if entry.isRunning {
            if state.running != put.id { stopRunningEntry(in: &state, at: put.at) }
            state.running = put.id
        } else if state.running == put.id {
            state.running = nil
        }
        state.entries[put.id] = .live(entry)
        return .applied
    }

    /// `timeEntries/remove`.
    static func applyRemove(ids: [String], at: Timestamp, to state: inout TimeTrackingState)
        -> TimeTrackingRuleOutcome
    {
        var removed = false
        for id in ids {
            guard case .live(let entry) = state.entries[id] else { continue }
            removed = true
            if let remoteId = entry.remoteId {
                state.entries[id] = .tombstone(
                    TimeEntryTombstone(id: id, remoteId: remoteId, deletedAt: at, modifiedAt: at))
            } else {
                state.entries.removeValue(forKey: id)
            }
            if state.running == id { state.running = nil }
        }
        return removed ? .applied : .ignored(.nothingToRemove)
    }

    /// Stops the running entry, if any, at `max(at, its start)` (truncated), marks it modified
    /// at `at`, and clears ``TimeTrackingState/running``.
    static func stopRunningEntry(in state: inout TimeTrackingState, at: Timestamp) {
        guard let id = state.running else { return }
        state.running = nil
        guard var entry = state.entry(id) else { return }
        entry.stop = max(at.entrySecond, entry.start)
        entry.markModified(at: at)
        state.entries[id] = .live(entry)
    }
}

extension Timestamp {
    /// The whole second an entry's `start` or `stop` holds: truncated, written in UTC.
    ///
    /// Every time that reaches the rules is an entry time (``TimeTrackingAction/validationError``
    /// refuses the others first), so the fallback is never taken.
    var entrySecond: Timestamp { truncatedToUTCSecond ?? self }
}
