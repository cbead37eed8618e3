import Foundation
import RxChainCore

/// What the sync engine asks of a domain, answered from its rules: replay a chunk of lines,
/// try a pending record on top of the state, make a record's line.
extension PlaybookDomain {
    /// Applies the batch's lines to `state`, in order, as ``PlaybookReplay`` does: the default
    /// of the requirement, compiled (specialised) in the domain's module.
    @inlinable public func replay(_ batch: inout PlaybookLineBatch, into state: inout State) {
        // Move the state and the index into the replay, so applying lines copies neither.
        var replay = PlaybookReplay(
            domain: self, state: Self.take(&state, leaving: emptyState),
            actionIDs: Self.take(&batch.actionIDs, leaving: ActionIDIndex()), consumedBytes: 0,
            linesRead: batch.linesBefore)
        replay.feed(batch.lines)
        state = replay.state
        batch.actionIDs = replay.actionIDs
        batch.applied = PlaybookLinesApplied(
            linesRead: replay.counts.linesRead - batch.linesBefore, diagnostics: replay.allDiagnostics.map(\.reason))
    }

    /// Applies complete playbook lines (each ending in `"\n"`) to `state`, in order, as
    /// ``PlaybookReplay`` does, through the domain's ``replay(_:into:)``.
    ///
    /// - Parameters:
    ///   - lines: the bytes of zero or more complete lines, exactly as the remote stores them.
    ///   - state: the state built from the first `linesBefore` lines.
    ///   - actionIDs: the actionIds the first `linesBefore` lines claim; the lines read add theirs.
    ///   - linesBefore: how many lines precede `lines`, for line numbers in diagnostics.
    /// - Returns: how many lines were read and the problems found (bad, duplicate and clashing
    ///   lines are skipped, never fatal).
    package func apply(
        lines: Data, to state: inout State, actionIDs: inout ActionIDIndex, linesBefore: Int
    ) -> PlaybookLinesApplied {
        var batch = PlaybookLineBatch(
            lines: lines, actionIDs: Self.take(&actionIDs, leaving: ActionIDIndex()), linesBefore: linesBefore)
        replay(&batch, into: &state)
        actionIDs = Self.take(&batch.actionIDs, leaving: ActionIDIndex())
        return batch.applied ?? PlaybookLinesApplied(linesRead: 0)
    }

    /// Applies a pending local action (a queue record) on top of `state`, as replay would
    /// apply its line; `state` changes only when the outcome is ``PendingActionOutcome/applied``.
    package func apply(pending record: QueueRecord, to state: inout State) -> PendingActionOutcome {
        let action: Action
        switch self.action(of: record) {
        case .success(let value): action = value
        case .failure(let error): return .invalid(reason: error.description)
        }
        if let error = validationError(of: action) { return .invalid(reason: error.description) }
        switch apply(action, to: &state) {
        case .applied: return .applied
        case .ignored(let reason): return .ignored(reason: "\(record.tag): \(reason)")
        case .invalid(let error): return .invalid(reason: error.description)
        }
    }

    /// The playbook line for `record`, without its newline, with `"actionId":"<record.key>"`:
    /// the same bytes every time (the engine compares their digest with the playbook's).
    ///
    /// - Throws: the domain's ``LineError`` when the record is not an action of this domain,
    ///   or ``PlaybookLineError`` when its key is not `<deviceId>:<seq>`.
    package func line(for record: QueueRecord) throws -> Data {
        let action = try self.action(of: record).get()
        guard let id = ActionID(parsing: record.key) else {
            throw PlaybookLineError(field: "actionId", detail: "\(record.key) is not <deviceId>:<seq>")
        }
        return Data(lineBytes(for: action, actionId: id))
    }

    /// `value`, leaving `replacement` in its place (so the caller holds the only reference).
    @inlinable static func take<Value>(_ value: inout Value, leaving replacement: Value) -> Value {
        var taken = replacement
        swap(&taken, &value)
        return taken
    }
}
