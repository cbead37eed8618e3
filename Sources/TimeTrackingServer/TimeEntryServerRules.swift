import RxChainCore
import RxChainServer

/// The time entry service's transitions: each command changes the state and sets the answer its
/// request gets (``TimeEntryServerState/lastAnswer``). Pure: the same state and command give the
/// same result, so folding the service's log again rebuilds the same state, ids and answers.
///
/// - **Idempotency**: a command whose user already sent its key answers what the first one was
///   answered (same fingerprint) or `422 idempotency_key_reused` (another request), and changes
///   nothing.
/// - **Retried creates**: a create without an `Idempotency-Key` whose user sent the same method,
///   path and body less than ``retryWindow`` before (by the server's clock, as logged) is taken
///   for a retry whose answer was lost: it answers what the first create was answered and
///   creates nothing. Toggl's clients send no key and retry on a 5xx or a lost connection; two
///   entries a user really means to create differ in their start time or their fields.
/// - **One running entry per user**: a create or update that leaves an entry running stops the
///   user's other running entry at the new one's start (never before that entry's own start),
///   and that entry's `at` becomes the command's time, so it shows in the since-feed.
/// - **Refusals** (`404` an unknown, deleted or other user's entry, or one in another workspace
///   than the path names; `400` a stop before the
///   start; `409` stopping a stopped entry without a time) change no entry. The service asks
///   ``refusal(of:by:in:)`` before it writes, so a refused request is usually never logged; one
///   refused only in the log's order (another request changed the entry meanwhile) is answered
///   the refusal, remembered with its key like any answer.
enum TimeEntryServerRules {
    /// The reducer the service's store runs.
    static let reducer = Reducer<TimeEntryServerState, TimeEntryServerCommand, Never> { state, command in
        apply(command, to: &state)
        return []
    }

    /// Applies `command`, setting the state's `lastAnswer`.
    static func apply(_ command: TimeEntryServerCommand, to state: inout TimeEntryServerState) {
        if let idempotency = command.idempotency {
            let key = TimeEntryServerState.AnsweredKey(user: command.user, key: idempotency.key)
            if let earlier = state.answered[key] {
                state.lastAnswer =
                    earlier.fingerprint == idempotency.fingerprint ? earlier.answer : reusedKey(idempotency.key)
                return
            }
            let answer = answer(to: command, changing: &state)
            state.answered[key] = .init(fingerprint: idempotency.fingerprint, answer: answer)
            state.lastAnswer = answer
        } else if let fingerprint = command.retryFingerprint {
            state.forgetCreates(before: command.at - retryWindow)
            let key = TimeEntryServerState.AnsweredKey(user: command.user, key: fingerprint)
            if let first = state.recentCreates[key] {
                state.lastAnswer = first.answer
                return
            }
            let answer = answer(to: command, changing: &state)
            state.recentCreates[key] = .init(at: command.at, answer: answer)
            state.lastAnswer = answer
        } else {
            state.lastAnswer = answer(to: command, changing: &state)
        }
    }

    /// How long a create without an `Idempotency-Key` is remembered for its retries: 10 minutes,
    /// longer than any client's retries of one request last.
    static let retryWindow: Int64 = 600

    private static func answer(
        to command: TimeEntryServerCommand, changing state: inout TimeEntryServerState
    ) -> TimeEntryServerAnswer {
        if let refusal = refusal(of: command.change, by: command.user, in: state) {
            return TimeEntryServerAnswer(refusal)
        }
        switch command.change {
        case .create(let draft): return create(draft, command, &state)
        case .update(let id, let patch, _): return update(id, patch, command, &state)
        case .stop(let id, let stopAt, _): return stop(id, stopAt, command, &state)
        case .delete(let id, _): return delete(id, command, &state)
        }
    }

    /// Why `state` refuses `change` by `user`, or `nil` when it is accepted: the service asks
    /// before it writes anything, and the reducer again in the log's order (a concurrent request
    /// may have changed the entry in between).
    static func refusal(
        of change: TimeEntryServerChange, by user: String, in state: TimeEntryServerState
    ) -> ServerError? {
        switch change {
        case .create(let draft):
            if let stop = draft.stop, stop < draft.start { return stopBeforeStart }
        case .update(let id, let patch, let workspace):
            guard let record = state.liveRecord(id, of: user, in: workspace) else { return notFound(id) }
            let patched = patched(record, patch)
            if let stop = patched.stop, stop < patched.start { return stopBeforeStart }
            if let stop = patched.stop, stop > TimeEntryService.lastSecond {
                return .invalidField("duration", "puts stop after 9999-12-31T23:59:59Z")
            }
        case .stop(let id, let stopAt, let workspace):
            guard let record = state.liveRecord(id, of: user, in: workspace) else { return notFound(id) }
            if let stopAt, stopAt < record.start { return stopBeforeStart }
            if stopAt == nil, !record.isRunning {
                return ServerError(status: 409, code: "already_stopped", message: "time entry \(id) is not running")
            }
        case .delete(let id, let workspace):
            if state.liveRecord(id, of: user, in: workspace) == nil { return notFound(id) }
        }
        return nil
    }

    /// `record` with the patch's fields set (its `at` unchanged).
    private static func patched(_ record: TimeEntryServerRecord, _ patch: TimeEntryPatch) -> TimeEntryServerRecord {
        var record = record
        if let workspaceId = patch.workspaceId { record.workspaceId = workspaceId }
        record.projectId = patch.projectId.applied(to: record.projectId)
        record.taskId = patch.taskId.applied(to: record.taskId)
        if let description = patch.description { record.description = description }
        if let billable = patch.billable { record.billable = billable }
        if let tags = patch.tags { record.tags = patch.tagAction?.applied(tags, to: record.tags) ?? tags }
        if let start = patch.start { record.start = start }
        switch patch.stop {
        case .keep: break
        case .run: record.stop = nil
        case .at(let stop): record.stop = stop
        case .lasting(let seconds): record.stop = record.start + seconds
        }
        return record
    }

    private static func create(
        _ draft: TimeEntryDraft, _ command: TimeEntryServerCommand, _ state: inout TimeEntryServerState
    ) -> TimeEntryServerAnswer {
        let record = TimeEntryServerRecord(
            id: state.nextId, user: command.user, workspaceId: draft.workspaceId, projectId: draft.projectId,
            taskId: draft.taskId, description: draft.description, billable: draft.billable, tags: draft.tags,
            start: draft.start, stop: draft.stop, at: command.at, deletedAt: nil)
        state.nextId += 1
        state.put(record)
        if record.isRunning { run(record, at: command.at, in: &state) }
        return .record(record, userId: command.accountId)
    }

    private static func update(
        _ id: Int, _ patch: TimeEntryPatch, _ command: TimeEntryServerCommand, _ state: inout TimeEntryServerState
    ) -> TimeEntryServerAnswer {
        guard let current = state.records[id] else { return TimeEntryServerAnswer(notFound(id)) }
        let wasRunning = current.isRunning
        var record = patched(current, patch)
        record.at = command.at
        state.put(record)
        if record.isRunning {
            run(record, at: command.at, in: &state)
        } else if wasRunning {
            state.running[command.user] = nil
        }
        return .record(record, userId: command.accountId)
    }

    private static func stop(
        _ id: Int, _ stopAt: Int64?, _ command: TimeEntryServerCommand, _ state: inout TimeEntryServerState
    ) -> TimeEntryServerAnswer {
        guard var record = state.records[id] else { return TimeEntryServerAnswer(notFound(id)) }
        record.stop = stopAt ?? max(command.at, record.start)
        record.at = command.at
        state.put(record)
        if state.running[command.user] == id { state.running[command.user] = nil }
        return .record(record, userId: command.accountId)
    }

    private static func delete(
        _ id: Int, _ command: TimeEntryServerCommand, _ state: inout TimeEntryServerState
    ) -> TimeEntryServerAnswer {
        guard var record = state.records[id] else { return TimeEntryServerAnswer(notFound(id)) }
        record.deletedAt = command.at
        record.at = command.at
        state.put(record)
        if state.running[command.user] == id { state.running[command.user] = nil }
        return .record(record, userId: command.accountId)
    }

    /// Makes `record` the user's running entry, stopping the one that ran before at `record`'s
    /// start (not before its own start).
    private static func run(_ record: TimeEntryServerRecord, at time: Int64, in state: inout TimeEntryServerState) {
        if let previousId = state.running[record.user], previousId != record.id,
            var previous = state.records[previousId]
        {
            previous.stop = max(record.start, previous.start)
            previous.at = time
            state.put(previous)
        }
        state.running[record.user] = record.id
    }

    /// `404`: no entry `id` of this user in the path's workspace, or a deleted one (another
    /// user's entry is answered the same, so ids tell nothing).
    static func notFound(_ id: Int) -> ServerError {
        ServerError(status: 404, code: "not_found", message: "no time entry \(id)")
    }

    /// `400`: the entry would stop before it starts.
    static let stopBeforeStart = ServerError.invalidField("stop", "is before start")

    /// `422`: the key was sent before with another request.
    static func reusedKey(_ key: String) -> TimeEntryServerAnswer {
        TimeEntryServerAnswer(
            ServerError(
                status: 422, code: "idempotency_key_reused",
                message: "Idempotency-Key \(String(reflecting: key)) was sent before with another request",
                field: "Idempotency-Key"))
    }
}
