import Foundation
import RxChainJSON

/// A time entry as the Toggl Track v9-shaped API writes it (`id`, `workspace_id`, `project_id`,
/// `task_id`, `description`, `billable`, `tags`, `start`, `stop`, `duration`, `at`,
/// `server_deleted_at`), read into the record `sync/serverChanges` carries.
struct TogglRecord: Decodable {
    var entry: ServerTimeEntry

    private enum Keys: String, CodingKey {
        case id, description, start, stop, at, billable, tags
        case workspaceId = "workspace_id"
        case projectId = "project_id"
        case taskId = "task_id"
        case deletedAt = "server_deleted_at"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        entry = ServerTimeEntry(
            remoteId: try container.decode(Int.self, forKey: .id),
            description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
            workspaceId: try container.decode(Int.self, forKey: .workspaceId),
            projectId: try container.decodeIfPresent(Int.self, forKey: .projectId),
            taskId: try container.decodeIfPresent(Int.self, forKey: .taskId),
            billable: try container.decodeIfPresent(Bool.self, forKey: .billable) ?? false,
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            start: try container.decode(Timestamp.self, forKey: .start),
            stop: try container.decodeIfPresent(Timestamp.self, forKey: .stop),
            at: try container.decode(Timestamp.self, forKey: .at),
            deletedAt: try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt))
    }

    /// The request body of a create or an update: the snapshot's fields, `duration: -1` and
    /// `stop: null` while it runs.
    static func body(of snapshot: TimeEntrySnapshot) -> [UInt8] {
        var object = JSONObjectWriter()
        object.member("workspace_id", snapshot.workspaceId)
        object.member("project_id", json: Array((snapshot.projectId.map(String.init) ?? "null").utf8))
        object.member("task_id", json: Array((snapshot.taskId.map(String.init) ?? "null").utf8))
        object.member("description", snapshot.description)
        object.member("billable", snapshot.billable)
        object.member("tags", strings: snapshot.tags)
        object.member("start", snapshot.start.description)
        object.member("stop", snapshot.stop?.description)
        object.member("duration", snapshot.stop.map { $0.seconds - snapshot.start.seconds } ?? -1)
        object.member("created_with", "rxchain")
        return object.finish()
    }
}
