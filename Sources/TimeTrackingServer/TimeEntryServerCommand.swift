import Foundation
import RxChainCore

/// One accepted change request of a user, as the time entry service logs it and its store
/// applies it: who, when (server time), the request's idempotency key, and the change.
///
/// The log entry's body is the command's JSON without the user (the entry's creator is the
/// user, as the server authenticated it); folding the log from the start rebuilds the state,
/// server-made ids and remembered answers included.
struct TimeEntryServerCommand: Message, Hashable {
    /// The authenticated user.
    var user: String
    /// The user's account number (the records' `user_id`); 0 in commands logged before it was.
    var accountId: Int
    /// The server time the request was accepted at, seconds since 1970.
    var at: Int64
    /// The request's `Idempotency-Key` and what it was sent with, when it had one.
    var idempotency: TimeEntryIdempotency?
    /// For a create without an `Idempotency-Key`: the fingerprint of its method, path and body,
    /// so a retry of it within ``TimeEntryServerRules/retryWindow`` answers the first entry.
    var retryFingerprint: String?
    /// What the request asks for.
    var change: TimeEntryServerChange

    var tag: MessageTag { change.tag }

    /// The log entry's body.
    var logBody: [UInt8] {
        let logged = Logged(
            at: at, accountId: accountId, idempotency: idempotency, retryFingerprint: retryFingerprint, change: change)
        // Encoding plain values (strings, integers, nested enums) cannot fail.
        return Array((try? Self.encoder.encode(logged)) ?? Data())
    }

    /// The command a log entry holds: its body, its creator as the user.
    ///
    /// - Throws: `DecodingError` when the body is not a command this version knows.
    init(creator: String, body: [UInt8]) throws {
        let logged = try JSONDecoder().decode(Logged.self, from: Data(body))
        self.init(
            user: creator, accountId: logged.accountId ?? 0, at: logged.at, idempotency: logged.idempotency,
            retryFingerprint: logged.retryFingerprint, change: logged.change)
    }

    init(
        user: String, accountId: Int, at: Int64, idempotency: TimeEntryIdempotency?, retryFingerprint: String? = nil,
        change: TimeEntryServerChange
    ) {
        self.user = user
        self.accountId = accountId
        self.at = at
        self.idempotency = idempotency
        self.retryFingerprint = retryFingerprint
        self.change = change
    }

    /// What a log entry keeps of the command.
    private struct Logged: Codable {
        var at: Int64
        var accountId: Int?
        var idempotency: TimeEntryIdempotency?
        var retryFingerprint: String?
        var change: TimeEntryServerChange
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// A request's `Idempotency-Key` and the fingerprint of what it was sent with (method, path,
/// body), so a repeat of the key with another request is told apart.
struct TimeEntryIdempotency: Codable, Hashable, Sendable {
    var key: String
    var fingerprint: String
}

/// What a change request asks for.
enum TimeEntryServerChange: Codable, Hashable, Sendable {
    /// `POST /workspaces/{wid}/time_entries`.
    case create(TimeEntryDraft)
    /// `PUT /workspaces/{workspace}/time_entries/{id}`.
    case update(id: Int, TimeEntryPatch, workspace: Int? = nil)
    /// `PATCH /workspaces/{workspace}/time_entries/{id}/stop`, at the time given or else the
    /// server's.
    case stop(id: Int, at: Int64?, workspace: Int? = nil)
    /// `DELETE /workspaces/{workspace}/time_entries/{id}`, or `DELETE /me/time_entries/{id}`
    /// (no workspace).
    case delete(id: Int, workspace: Int? = nil)

    /// The workspace the request's path names, which the entry must be in (`nil`: any; changes
    /// logged before paths were checked have none).
    var workspace: Int? {
        switch self {
        case .create(let draft): draft.workspaceId
        case .update(_, _, let workspace), .stop(_, _, let workspace), .delete(_, let workspace): workspace
        }
    }

    var tag: MessageTag {
        switch self {
        case .create: "serverTimeEntries/create"
        case .update: "serverTimeEntries/update"
        case .stop: "serverTimeEntries/stop"
        case .delete: "serverTimeEntries/delete"
        }
    }
}

/// A new entry's fields, read from a create request.
struct TimeEntryDraft: Codable, Hashable, Sendable {
    var workspaceId: Int
    var projectId: Int?
    var taskId: Int?
    var description: String = ""
    var billable: Bool = false
    var tags: [String] = []
    var start: Int64
    /// `nil`: it runs.
    var stop: Int64?
}

/// The fields an update request sets; an absent key keeps the field.
struct TimeEntryPatch: Codable, Hashable, Sendable {
    var workspaceId: Int?
    var projectId: Clearable = .keep
    var taskId: Clearable = .keep
    var description: String?
    var billable: Bool?
    var tags: [String]?
    /// What ``tags`` does: `nil` replaces the entry's tags; Toggl's `tag_action` adds or removes.
    var tagAction: TagAction?
    var start: Int64?
    var stop: StopChange = .keep

    /// Toggl's `tag_action`.
    enum TagAction: String, Codable, Hashable, Sendable {
        case add, remove

        /// `current` with `tags` added (in order, once each) or removed.
        func applied(_ tags: [String], to current: [String]) -> [String] {
            switch self {
            case .add:
                var result = current
                for tag in tags where !result.contains(tag) { result.append(tag) }
                return result
            case .remove:
                return current.filter { !tags.contains($0) }
            }
        }
    }

    /// A clearable integer field: absent keeps it, `null` clears it.
    enum Clearable: Codable, Hashable, Sendable {
        case keep, clear
        case set(Int)

        func applied(to value: Int?) -> Int? {
            switch self {
            case .keep: value
            case .clear: nil
            case .set(let new): new
            }
        }
    }

    /// What the update does to `stop`: keep it, make the entry run (`stop: null` or
    /// `duration` negative), stop it at a time, or stop it `duration` seconds after its start.
    enum StopChange: Codable, Hashable, Sendable {
        case keep, run
        case at(Int64)
        case lasting(Int64)
    }
}
