import RxChainServer
import RxChainSystem

extension TimeEntryService {
    /// Dispatches a request by its path after `/api/v9/`, then its method.
    func route(_ request: ServerRequest, user: String) async throws -> ServerResponse {
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let segments = path.dropFirst(pathPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
            .map(String.init)
        let method = request.method.uppercased()
        func only(_ allowed: String) throws(ServerError) {
            if method != allowed { throw .methodNotAllowed(method, path) }
        }
        switch segments.count {
        case 2 where segments == ["me", "time_entries"]:
            try only("GET")
            return try await feed(request, user: user)
        case 3 where segments == ["me", "time_entries", "current"]:
            try only("GET")
            return await current(user: user)
        case 3 where segments[0] == "me" && segments[1] == "time_entries":
            // `DELETE /me/time_entries/{id}`: a delete that does not name the workspace (a
            // client's tombstone no longer knows it; entries are found by id and user anyway).
            try only("DELETE")
            let id = try Self.identifier(segments[2], "id")
            return try await perform(.delete(id: id), request, user: user, path: path)
        case 3...5 where segments[0] == "workspaces" && segments[2] == "time_entries":
            let workspace = try Self.identifier(segments[1], "workspace_id")
            let entry = try segments.count > 3 ? Self.identifier(segments[3], "id") : nil
            let change: TimeEntryServerChange
            switch (method, entry, segments.count) {
            case ("POST", nil, 3): change = .create(try Self.draft(request.body, workspace: workspace))
            case ("PUT", let id?, 4): change = .update(id: id, try Self.patch(request.body))
            case ("DELETE", let id?, 4): change = .delete(id: id)
            case ("PATCH", let id?, 5) where segments[4] == "stop":
                change = .stop(id: id, at: try Self.stopTime(request.body))
            case (_, _, 5) where segments[4] != "stop": throw ServerError.notFound(path)
            default: throw ServerError.methodNotAllowed(method, path)
            }
            return try await perform(change, request, user: user, path: path)
        default:
            throw ServerError.notFound(path)
        }
    }

    /// Checks `change` against the state, then records it and answers what its command
    /// answered (or, for a key already used, what that key was answered).
    private func perform(
        _ change: TimeEntryServerChange, _ request: ServerRequest, user: String, path: String
    ) async throws -> ServerResponse {
        let idempotency = try Self.idempotency(request, path: path)
        let state = await storage.currentState()
        if let idempotency, let earlier = state.answered[.init(user: user, key: idempotency.key)] {
            // A repeat changes nothing: answered from what the key was answered, nothing written.
            return earlier.fingerprint == idempotency.fingerprint
                ? earlier.answer.response : TimeEntryServerRules.reusedKey(idempotency.key).response
        }
        if let refusal = TimeEntryServerRules.refusal(of: change, by: user, in: state) { throw refusal }
        let command = TimeEntryServerCommand(user: user, at: now, idempotency: idempotency, change: change)
        do {
            return try await storage.record(command).response
        } catch {
            throw ServerError.unavailable(error.description)
        }
    }

    /// `GET /me/time_entries?since=SECONDS[&wait=SECONDS&seen=CRC]`.
    ///
    /// With `wait` (an extension of the Toggl API, for a device that follows the server; at most
    /// ``maximumFeedWait``) and `seen` (the CRC-32, in hex, of the body of the client's previous
    /// answer for the same `since`), the answer waits while it would be that same body: any
    /// change to the user's entries, even in the very second of `since`, ends the wait at once.
    /// Without `wait` or `seen` it answers at once.
    private func feed(_ request: ServerRequest, user: String) async throws -> ServerResponse {
        var since: Int64?
        if let text = request.query["since"] {
            guard let value = Int64(text), value >= 0 else {
                throw ServerError.invalidField("since", "must be a whole number of seconds since 1970")
            }
            since = value
        }
        var wait = Duration.zero
        if let text = request.query["wait"] {
            guard let seconds = Int64(text), seconds >= 0 else {
                throw ServerError.invalidField("wait", "must be a whole number of seconds")
            }
            wait = min(.seconds(seconds), Self.maximumFeedWait)
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
                if let since { return record.at >= since }
                return record.deletedAt == nil
            }
            var body: [UInt8] = Array("[".utf8)
            for (index, record) in records.enumerated() {
                if index > 0 { body.append(UInt8(ascii: ",")) }
                body += record.json
            }
            body.append(UInt8(ascii: "]"))
            if seen != CRC32.checksum(body) || wait == .zero || ContinuousClock.now >= deadline {
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
            await group.next()
            group.cancelAll()
        }
        try Task.checkCancellation()
    }

    /// `GET /me/time_entries/current`: the running entry or `null`.
    private func current(user: String) async -> ServerResponse {
        let state = await storage.currentState()
        let record = state.running[user].flatMap { state.records[$0] }
        return ServerResponse(status: 200, body: record?.json ?? Array("null".utf8))
    }

    /// A positive integer path segment.
    static func identifier(_ text: String, _ field: String) throws(ServerError) -> Int {
        guard let value = Int(text), value > 0 else { throw .invalidField(field, "must be a positive integer") }
        return value
    }
}
