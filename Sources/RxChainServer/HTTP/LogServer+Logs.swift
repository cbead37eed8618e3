import RxChainJSON
import RxChainServerStorage

extension LogServer {
    /// `GET /logs/NAME?after=SEQ&limit=N`: the entries after a cursor, if the user may read.
    func read(_ request: ServerRequest, log: LogName) async throws -> ServerResponse {
        let user = try authenticate(request).user
        try await requireAccess(user, .read, log)
        let after = try queryCount(request, "after") ?? 0
        let limit = min(
            try queryCount(request, "limit").map { Int(clamping: $0) } ?? .max, configuration.maximumPageSize)
        let page: LogPage
        do {
            page = try await book.fetch(log, after: after, limit: limit)
        } catch {
            throw ServerError.unavailable("the log store could not be read: \(error)")
        }
        return .json { object in
            object.member("log", log.description)
            object.member("revision", page.revision)
            object.member("next", page.nextCursor)
            object.member("entries", objects: page.entries) { LogServer.write($1, includingLog: false, to: &$0) }
        }
    }

    /// `POST /logs/NAME` `{entries: [{id, body}], expect?}`: appends, if the user may.
    ///
    /// The entries are appended together or not at all, in order; an entry already in the log
    /// (same id, same body, same creator) answers its original position. With `expect`, the new
    /// entries are appended only if the log holds exactly that many entries.
    func append(_ request: ServerRequest, log: LogName) async throws -> ServerResponse {
        let user = try authenticate(request).user
        let object = try JSONObjectReader(request.body)
        let expect = try object.optionalCount("expect")
        let elements = try object.objects("entries")
        if elements.isEmpty { throw ServerError.invalidField("entries", "must not be empty") }
        var entries: [NewLogEntry] = []
        for element in elements {
            entries.append(NewLogEntry(id: try element.string("id"), body: try element.json("body")))
        }
        // An append to a fresh family that the book refuses (its revision, an empty id, a clash)
        // must not claim the family first.
        if access.appendClaimsFamily(of: log),
            let refusal = await book.refusal(of: entries, to: log, creator: user, expecting: expect)
        {
            throw ServerError(refusal)
        }
        try await requireAccess(user, .append, log)
        let results: [AppendResult]
        do {
            results = try await book.append(to: log, entries, creator: user, expecting: expect)
        } catch {
            throw ServerError(error)
        }
        // Also for repeats: finishing a hook run an earlier attempt was cut short in.
        for entry in entries {
            do {
                _ = try await access.appendAccepted(to: log, id: entry.id, body: entry.body, creator: user)
            } catch {
                throw ServerError(error)
            }
        }
        return .json { object in
            object.member("log", log.description)
            object.member("results", objects: zip(entries, results)) { result, pair in
                result.member("id", pair.0.id)
                result.member("seq", pair.1.seq)
                result.member("ts", pair.1.ts)
                result.member("creator", pair.1.creator)
                result.member("duplicate", pair.1.duplicate)
            }
        }
    }

    /// Writes an entry's members: `log` (in the feed, where entries of several logs mix), `id`,
    /// `seq`, `ts`, `creator` and `body`, the JSON the client sent.
    static func write(_ entry: LogEntry, includingLog: Bool, to object: inout JSONObjectWriter) {
        if includingLog { object.member("log", entry.log.description) }
        object.member("id", entry.id)
        object.member("seq", entry.seq)
        object.member("ts", entry.ts)
        object.member("creator", entry.creator)
        object.member("body", json: entry.body)
    }

    /// Throws a 403 unless `user` may do `operation` on `log` (an append to an unclaimed family
    /// claims it first; see ``AccessControl/decide(user:operation:log:)``).
    func requireAccess(_ user: String, _ operation: AccessOperation, _ log: LogName) async throws(ServerError) {
        let decision: AccessDecision
        do {
            decision = try await access.decide(user: user, operation: operation, log: log)
        } catch {
            throw ServerError(error)
        }
        if let reason = decision.refusalReason { throw ServerError.forbidden(reason) }
    }

    /// A non-negative integer query parameter, or `nil` when absent.
    func queryCount(_ request: ServerRequest, _ name: String) throws(ServerError) -> UInt64? {
        guard let text = request.query[name] else { return nil }
        guard let value = UInt64(text) else { throw .invalidField(name, "must be a non-negative integer") }
        return value
    }
}

extension ServerError {
    /// The HTTP form of a body or field the route cannot read: 400.
    init(_ error: JSONFieldError) {
        if error.kind == .malformedJSON {
            self.init(status: 400, code: "malformed_json", message: "request \(error.description)", field: error.field)
        } else {
            self = .invalidField(error.field, error.detail)
        }
    }

    /// The HTTP form of a refused family operation.
    init(_ error: AccessError) {
        switch error {
        case .notAFamily: self.init(status: 404, code: "not_a_family", message: error.description)
        case .alreadyClaimed: self.init(status: 409, code: "already_claimed", message: error.description)
        case .notOwner, .notMember: self = .forbidden(error.description)
        case .ownerCannotBeRevoked: self.init(status: 409, code: "owner_cannot_be_revoked", message: error.description)
        case .invalidUser: self = .invalidField("user", error.description)
        case .unknownUser: self.init(status: 404, code: "unknown_user", message: error.description, field: "user")
        case .log(let failure): self.init(failure)
        }
    }

    /// The HTTP form of a refused append.
    init(_ error: LogAppendError) {
        switch error {
        case .emptyID:
            self = .invalidField("id", "must not be empty")
        case .clash:
            self.init(status: 409, code: "clash", message: error.description, field: "id")
        case .revisionMismatch(_, let current):
            self.init(status: 409, code: "revision_mismatch", message: error.description, current: current)
        case .storageFailed, .closed:
            self = .unavailable(error.description)
        }
    }
}
