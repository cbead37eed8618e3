import RxChainJSON
import RxChainServer
import RxChainSystem

extension TimeEntryService {
    /// The fields of `POST /workspaces/{wid}/time_entries`: `workspace_id` (equal to `wid`) and
    /// `start` are required; `stop` (a time, or `null` while running) wins over `duration`
    /// (`-1` or absent while running, else seconds after `start`).
    static func draft(_ body: [UInt8], workspace: Int) throws -> TimeEntryDraft {
        let object = try JSONObjectReader(body)
        let workspaceId = try Self.integer(object, "workspace_id")
        if workspaceId != workspace {
            throw ServerError.invalidField("workspace_id", "is \(workspaceId), not the path's workspace \(workspace)")
        }
        let start = try time(object, "start")
        var stop = try optionalTime(object, "stop")
        if stop == nil, let duration = try optionalDuration(object), duration >= 0 {
            stop = start + duration
            if stop! > lastSecond { throw ServerError.invalidField("duration", "puts stop after 9999-12-31T23:59:59Z") }
        }
        return TimeEntryDraft(
            workspaceId: workspaceId, projectId: try optionalInteger(object, "project_id"),
            taskId: try optionalInteger(object, "task_id"),
            description: try object.optionalString("description", allowingEmpty: true) ?? "",
            billable: try optionalBoolean(object, "billable") ?? false,
            tags: object.has("tags") ? try object.strings("tags") : [], start: start, stop: stop)
    }

    /// The fields of `PUT /workspaces/{wid}/time_entries/{id}`: each key present sets its field
    /// (`null` clears `project_id`, `task_id`; `stop: null` makes the entry run; `description:
    /// null` keeps it, as Toggl's clients send a null for a field they leave alone); `duration`
    /// counts when `stop` is absent; `tag_action` (`add`, `remove`) makes `tags` add to or remove
    /// from the entry's tags instead of replacing them. `workspace_id`, when given, must be the
    /// path's: an entry does not move between workspaces.
    static func patch(_ body: [UInt8], workspace: Int) throws -> TimeEntryPatch {
        let object = try JSONObjectReader(body)
        var patch = TimeEntryPatch()
        if object.has("workspace_id") {
            let workspaceId = try integer(object, "workspace_id")
            if workspaceId != workspace {
                throw ServerError.invalidField(
                    "workspace_id", "is \(workspaceId), not the path's workspace \(workspace)")
            }
        }
        patch.projectId = try clearable(object, "project_id")
        patch.taskId = try clearable(object, "task_id")
        patch.description = try object.optionalString("description", allowingEmpty: true)
        patch.billable = try optionalBoolean(object, "billable")
        if object.contains("tags") { patch.tags = object.has("tags") ? try object.strings("tags") : [] }
        if let action = try object.optionalString("tag_action") {
            guard let tagAction = TimeEntryPatch.TagAction(rawValue: action) else {
                throw ServerError.invalidField("tag_action", "must be \"add\" or \"remove\"")
            }
            patch.tagAction = tagAction
        }
        if object.contains("start") { patch.start = try time(object, "start") }
        if object.contains("stop") {
            patch.stop = try optionalTime(object, "stop").map { .at($0) } ?? .run
        } else if let duration = try optionalDuration(object) {
            patch.stop = duration < 0 ? .run : .lasting(duration)
        }
        return patch
    }

    /// The optional body of `PATCH …/{id}/stop`: empty, or an object whose `stop` is the time to
    /// stop at (absent: the server's time).
    static func stopTime(_ body: [UInt8]) throws -> Int64? {
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return nil }
        return try optionalTime(try JSONObjectReader(body), "stop")
    }

    /// The request's `Idempotency-Key` with the fingerprint of its method, path and body.
    static func idempotency(_ request: ServerRequest, path: String) throws(ServerError) -> TimeEntryIdempotency? {
        guard let key = request.header("Idempotency-Key") else { return nil }
        guard !key.isEmpty, key.utf8.count <= 255 else {
            throw .invalidField("Idempotency-Key", "must be 1 to 255 characters")
        }
        return TimeEntryIdempotency(key: key, fingerprint: fingerprint(request, path: path))
    }

    /// The SHA-256, in hex, of the request's method, path and body.
    static func fingerprint(_ request: ServerRequest, path: String) -> String {
        Hex.encode(SHA256.hash(Array("\(request.method.uppercased()) \(path)\n".utf8) + request.body))
    }

    /// A required integer that fits `Int`.
    private static func integer(_ object: JSONObjectReader, _ key: String) throws -> Int {
        let value = try object.integer(key)
        guard let integer = Int(exactly: value), integer > 0 else {
            throw ServerError.invalidField(key, "must be a positive integer")
        }
        return integer
    }

    private static func optionalInteger(_ object: JSONObjectReader, _ key: String) throws -> Int? {
        object.has(key) ? try integer(object, key) : nil
    }

    private static func clearable(_ object: JSONObjectReader, _ key: String) throws -> TimeEntryPatch.Clearable {
        guard object.contains(key) else { return .keep }
        return try optionalInteger(object, key).map { .set($0) } ?? .clear
    }

    private static func optionalBoolean(_ object: JSONObjectReader, _ key: String) throws -> Bool? {
        object.has(key) ? try object.boolean(key) : nil
    }

    /// The last second a time entry can hold: 9999-12-31T23:59:59Z (times are RFC 3339 with a
    /// four-digit year).
    static let lastSecond: Int64 = 253_402_300_799

    /// Seconds from 0000-01-01T00:00:00Z to ``lastSecond``: no duration is longer, so `start +
    /// duration` cannot overflow.
    static let longestDuration: Int64 = 315_569_519_999

    private static func optionalDuration(_ object: JSONObjectReader) throws -> Int64? {
        guard object.has("duration") else { return nil }
        let duration = try object.integer("duration")
        if duration > longestDuration {
            throw ServerError.invalidField("duration", "is longer than years 0000–9999 (\(longestDuration) seconds)")
        }
        return duration
    }

    /// A required RFC 3339 time, truncated to its whole second.
    private static func time(_ object: JSONObjectReader, _ key: String) throws -> Int64 {
        let text = try object.string(key)
        do {
            let time = try Timestamp(parsing: text)
            guard time.hasFourDigitUTCYear else {
                throw ServerError.invalidField(key, "is outside years 0000–9999 in UTC")
            }
            return time.seconds
        } catch let error as Timestamp.ParseError {
            throw ServerError.invalidField(key, error.description)
        }
    }

    private static func optionalTime(_ object: JSONObjectReader, _ key: String) throws -> Int64? {
        object.has(key) ? try time(object, key) : nil
    }
}
