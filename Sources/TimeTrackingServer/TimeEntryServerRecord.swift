import RxChainJSON
import RxChainSystem

/// One time entry as the server keeps it (Toggl Track v9 shape): its owner, its fields, the
/// server time of its last change, and its deletion.
///
/// Times are whole seconds since 1970 (UTC); ``json`` writes them as RFC 3339
/// (`2026-11-27T09:00:00Z`).
struct TimeEntryServerRecord: Sendable, Hashable {
    /// The server-made id, from 1, never reused.
    let id: Int
    /// The user who created it; nobody else sees or changes it.
    let user: String
    var workspaceId: Int
    var projectId: Int?
    var taskId: Int?
    var description: String
    var billable: Bool
    var tags: [String]
    var start: Int64
    /// `nil` while it runs.
    var stop: Int64?
    /// The server time of the last change (create, update, stop, delete).
    var at: Int64
    /// When the server deleted it; a deleted entry stays (for the since-feed) and is never
    /// changed again.
    var deletedAt: Int64?

    /// Whether it runs (no `stop`) and is not deleted.
    var isRunning: Bool { stop == nil && deletedAt == nil }

    /// `stop - start` in seconds, or `-1` while it runs (the v9 convention for a running entry).
    var duration: Int64 { stop.map { $0 - start } ?? -1 }

    /// The record as the API answers it, in Toggl Track v9's shape: `id`, `workspace_id` and
    /// `wid`, `project_id` and `pid`, `task_id` and `tid`, `user_id` and `uid` (`userId`, the
    /// owner's account number), `description`, `billable`, `start`, `stop`, `duration`,
    /// `duronly` (always `true`, as Toggl answers it), `tags`, `tag_ids` (``tagId(_:workspace:)``
    /// of each tag, in the same order), `at`, `server_deleted_at` (absent values `null`).
    func json(userId: Int) -> [UInt8] {
        var object = JSONObjectWriter()
        object.member("id", id)
        object.member("workspace_id", workspaceId)
        object.member("wid", workspaceId)
        object.member("project_id", json: Self.integer(projectId))
        object.member("pid", json: Self.integer(projectId))
        object.member("task_id", json: Self.integer(taskId))
        object.member("tid", json: Self.integer(taskId))
        object.member("user_id", userId)
        object.member("uid", userId)
        object.member("description", description)
        object.member("billable", billable)
        object.member("start", Self.time(start))
        object.member("stop", stop.map(Self.time))
        object.member("duration", duration)
        object.member("duronly", true)
        object.member("tags", strings: tags)
        let tagIds = tags.map { String(Self.tagId($0, workspace: workspaceId)) }.joined(separator: ",")
        object.member("tag_ids", json: Array("[\(tagIds)]".utf8))
        object.member("at", Self.time(at))
        object.member("server_deleted_at", deletedAt.map(Self.time))
        return object.finish()
    }

    /// The id a tag name has in a workspace: the server keeps no tag records, so the id is
    /// derived, the same on every server and every request: the first six bytes of
    /// SHA-256(`WORKSPACE` 0 `NAME`) with the lowest bit set: a positive integer below 2^48
    /// (exact in JSON everywhere).
    static func tagId(_ name: String, workspace: Int) -> Int {
        let digest = SHA256.hash(Array(String(workspace).utf8) + [0] + Array(name.utf8))
        return digest.prefix(6).reduce(0) { $0 << 8 | Int($1) } | 1
    }

    /// `seconds` as RFC 3339 in UTC; every stored time was checked to be within years 0000–9999.
    static func time(_ seconds: Int64) -> String {
        Timestamp(utcSeconds: seconds)?.description ?? "\(seconds)"
    }

    private static func integer(_ value: Int?) -> [UInt8] {
        Array((value.map(String.init) ?? "null").utf8)
    }
}
