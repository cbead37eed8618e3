import RxChainJSON
import RxChainServer
import RxChainSystem

extension TimeEntryService {
    /// Dispatches a request by its path after `/api/v9/`, then its method.
    func route(_ request: ServerRequest, principal: Principal) async throws -> ServerResponse {
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let segments = path.dropFirst(pathPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
            .map(String.init)
        let method = request.method.uppercased()
        func only(_ allowed: String) throws(ServerError) {
            if method != allowed { throw .methodNotAllowed(method, path) }
        }
        switch segments.count {
        case 1 where segments == ["me"]:
            try only("GET")
            return Self.me(principal)
        case 2 where segments == ["me", "logged"]:
            try only("GET")
            return ServerResponse(status: 200, body: Array("{}".utf8))
        case 2 where segments == ["me", "time_entries"]:
            try only("GET")
            return try await list(request, principal: principal)
        case 3 where segments == ["me", "time_entries", "current"]:
            try only("GET")
            return await current(principal)
        case 3 where segments[0] == "me" && segments[1] == "time_entries":
            let id = try Self.identifier(segments[2], "id")
            switch method {
            case "GET": return try await entry(id, principal)
            // A delete that does not name the workspace (a device's tombstone no longer knows
            // it; entries are found by id and user anyway).
            case "DELETE": return try await perform(.delete(id: id), request, principal, path: path)
            default: throw ServerError.methodNotAllowed(method, path)
            }
        case 3...5 where segments[0] == "workspaces" && segments[2] == "time_entries":
            let workspace = try Self.identifier(segments[1], "workspace_id")
            let entry = try segments.count > 3 ? Self.identifier(segments[3], "id") : nil
            let change: TimeEntryServerChange
            switch (method, entry, segments.count) {
            case ("POST", nil, 3): change = .create(try Self.draft(request.body, workspace: workspace))
            case ("PUT", let id?, 4):
                change = .update(id: id, try Self.patch(request.body, workspace: workspace), workspace: workspace)
            case ("DELETE", let id?, 4): change = .delete(id: id, workspace: workspace)
            case ("PATCH", let id?, 5) where segments[4] == "stop":
                change = .stop(id: id, at: try Self.stopTime(request.body), workspace: workspace)
            case (_, _, 5) where segments[4] != "stop": throw ServerError.notFound(path)
            default: throw ServerError.methodNotAllowed(method, path)
            }
            return try await perform(change, request, principal, path: path)
        default:
            throw ServerError.notFound(path)
        }
    }

    /// Checks `change` against the state, then records it and answers what its command
    /// answered (or, for a key already used or a retried create, what the first was answered).
    private func perform(
        _ change: TimeEntryServerChange, _ request: ServerRequest, _ principal: Principal, path: String
    ) async throws -> ServerResponse {
        let user = principal.user
        let idempotency = try Self.idempotency(request, path: path)
        let retryFingerprint: String? =
            if idempotency == nil, case .create = change { Self.fingerprint(request, path: path) } else { nil }
        let state = await storage.currentState()
        if let idempotency, let earlier = state.answered[.init(user: user, key: idempotency.key)] {
            // A repeat changes nothing: answered from what the key was answered, nothing written.
            return earlier.fingerprint == idempotency.fingerprint
                ? earlier.answer.response : TimeEntryServerRules.reusedKey(idempotency.key).response
        }
        if let retryFingerprint, let first = state.recentCreates[.init(user: user, key: retryFingerprint)],
            first.at >= now - TimeEntryServerRules.retryWindow
        {
            return first.answer.response
        }
        if let refusal = TimeEntryServerRules.refusal(of: change, by: user, in: state) { throw refusal }
        let command = TimeEntryServerCommand(
            user: user, accountId: principal.accountId, at: now, idempotency: idempotency,
            retryFingerprint: retryFingerprint, change: change)
        do {
            return try await storage.record(command).response
        } catch {
            throw ServerError.unavailable(error.description)
        }
    }

    /// `GET /me/time_entries?since=SECONDS&start_date=D&end_date=D&before=D[&wait=SECONDS&seen=CRC]`.
    ///
    /// With `since`, the entries changed at or after it, deleted ones included; without it, the
    /// live entries. `start_date` (inclusive), `end_date` and `before` (exclusive) keep the
    /// entries that start in that range; each is a date (`2026-11-27`, midnight UTC) or an
    /// RFC 3339 time.
    ///
    /// With `wait` (an extension of the Toggl API, for a device that follows the server; at most
    /// ``maximumFeedWait``) and `seen` (the CRC-32, in hex, of the body of the client's previous
    /// answer for the same `since`), the answer waits while it would be that same body: any
    /// change to the user's entries, even in the very second of `since`, ends the wait at once.
    /// Without `wait` or `seen` it answers at once.
    private func list(_ request: ServerRequest, principal: Principal) async throws -> ServerResponse {
        let user = principal.user
        var since: Int64?
        if let text = request.query["since"] {
            guard let value = Int64(text), value >= 0 else {
                throw ServerError.invalidField("since", "must be a whole number of seconds since 1970")
            }
            since = value
        }
        let from = try Self.day(request, "start_date")
        let until = [try Self.day(request, "end_date"), try Self.day(request, "before")].compactMap { $0 }.min()
        var wait = Duration.zero
        if let text = request.query["wait"] {
            guard let seconds = Int64(text), seconds >= 0 else {
                throw ServerError.invalidField("wait", "must be a whole number of seconds")
            }
            wait = min(.seconds(seconds), maximumFeedWait)
        }
        var seen: UInt32?
        if let text = request.query["seen"] {
            guard let crc = UInt32(text, radix: 16) else {
                throw ServerError.invalidField("seen", "must be a CRC-32 in hexadecimal")
            }
            seen = crc
        }
        let window = deletionWindow.components.seconds
        if let since, since < now - window {
            throw ServerError(
                status: 410, code: "gone",
                message: "since is older than the deletion window (\(window) seconds): fetch every entry again",
                field: "since")
        }
        let deadline = ContinuousClock.now.advanced(by: wait)
        while true {
            // The position is taken before the state is read: a change committed in between
            // ends the wait at once rather than being missed.
            let position = storage.log.book.lastDurableTimestamp
            let state = await storage.currentState()
            let records = state.records(of: user) { record in
                if let from, record.start < from { return false }
                if let until, record.start >= until { return false }
                if let since { return record.at >= since }
                return record.deletedAt == nil
            }
            var body: [UInt8] = Array("[".utf8)
            for (index, record) in records.enumerated() {
                if index > 0 { body.append(UInt8(ascii: ",")) }
                body += record.json(userId: principal.accountId)
            }
            body.append(UInt8(ascii: "]"))
            if seen != CRC32.checksum(body) || wait == .zero || ContinuousClock.now >= deadline
                || shutdown.isTriggered
            {
                return ServerResponse(status: 200, body: body)
            }
            try await waitForCommit(after: position, until: deadline)
        }
    }

    /// Returns when the book commits anything after `position`, or at `deadline`; throws
    /// `CancellationError` when the request's task is cancelled (a client gone, a shutdown).
    private func waitForCommit(after position: UInt64, until deadline: ContinuousClock.Instant) async throws {
        let book = storage.log.book
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await book.waitForEntries(afterTimestamp: position) }
            group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
            group.addTask { await self.shutdown.wait() }
            await group.next()
            group.cancelAll()
        }
        try Task.checkCancellation()
    }

    /// `GET /me/time_entries/current`: the running entry or `null`.
    private func current(_ principal: Principal) async -> ServerResponse {
        let state = await storage.currentState()
        let record = state.running[principal.user].flatMap { state.records[$0] }
        return ServerResponse(status: 200, body: record?.json(userId: principal.accountId) ?? Array("null".utf8))
    }

    /// `GET /me/time_entries/{id}`: the user's live entry, else `404`.
    private func entry(_ id: Int, _ principal: Principal) async throws -> ServerResponse {
        guard let record = await storage.currentState().liveRecord(id, of: principal.user) else {
            throw TimeEntryServerRules.notFound(id)
        }
        return ServerResponse(status: 200, body: record.json(userId: principal.accountId))
    }

    /// `GET /me`: the signed-in user as Toggl describes one: `id` (the account number), `email`
    /// and `fullname` (the user name: accounts have no e-mail address), `api_token`,
    /// `default_workspace_id` (``defaultWorkspaceId``), `timezone` (`UTC`: the server stores UTC
    /// and keeps no profile).
    static func me(_ principal: Principal) -> ServerResponse {
        .json { object in
            object.member("id", principal.accountId)
            object.member("email", principal.user)
            object.member("fullname", principal.user)
            object.member("api_token", principal.apiToken)
            object.member("default_workspace_id", defaultWorkspaceId)
            object.member("timezone", "UTC")
        }
    }

    /// The workspace `GET /me` names as the default: 1, as `rxchain time start` uses. The
    /// server keeps no workspace records: a workspace is a number entries are filed under, and
    /// each entry is found only under the workspace it was created in.
    public static let defaultWorkspaceId = 1

    /// A query parameter that is a date (`YYYY-MM-DD`, midnight UTC) or an RFC 3339 time, in
    /// seconds since 1970.
    static func day(_ request: ServerRequest, _ name: String) throws(ServerError) -> Int64? {
        guard let text = request.query[name] else { return nil }
        let utf8 = Array(text.utf8)
        let isDate = utf8.count == 10 && utf8[4] == UInt8(ascii: "-") && utf8[7] == UInt8(ascii: "-")
        do {
            return try Timestamp(parsing: isDate ? text + "T00:00:00Z" : text).seconds
        } catch {
            throw .invalidField(name, "must be a date (YYYY-MM-DD) or an RFC 3339 time")
        }
    }

    /// A positive integer path segment.
    static func identifier(_ text: String, _ field: String) throws(ServerError) -> Int {
        guard let value = Int(text), value > 0 else { throw .invalidField(field, "must be a positive integer") }
        return value
    }
}
