import Foundation
import RxChainCore
import RxChainDevice

/// One user's device of the TODO lists: a `RxChain/Device` folding the entries as its
/// user sees them (``TodoListsDomain/viewer``).
public typealias TodoListsDevice = Device<TodoListsDomain>

/// What a user does on a device, as entries in the order the spec writes them: the one place
/// the terminal and the scenarios take them from. Each returns once every entry (and grant) it
/// makes is durably queued; a refusal is a ``RxChain/Rejection`` naming why, before anything is
/// recorded.
extension Device where Domain == TodoListsDomain {
    /// A new id for an entry, a list or an item, made on the device: a random UUID in lower
    /// case (122 random bits), so devices that never talked pick different ids.
    public static func newID() -> String {
        UUID().uuidString.lowercased()
    }

    /// Records `action` as a new entry of `log` made by the device's user, with `id`.
    ///
    /// - Throws: a ``RxChain/Rejection`` for `log` when a list or user it names is empty or holds a
    ///   `/` (see ``TodoLog/init(parsing:)``): the entry could never come back from the server.
    @discardableResult
    public func record(_ action: TodoAction, in log: TodoLog, id: String = newID()) async throws -> TodoEntry {
        try Self.requireServerLog(log, for: action)
        let entry = TodoEntry(id: id, ts: nil, log: log, creator: domain.viewer, action: action)
        try await record(entry)
        return entry
    }

    /// Throws the rejection of `action` unless `log` names lists and users a server log can
    /// hold (``TodoLog/init(parsing:)`` reads it back).
    static func requireServerLog(_ log: TodoLog, for action: TodoAction) throws(Rejection) {
        guard TodoLog(parsing: log.description) != log else { return }
        throw Rejection(
            tag: MessageTag(action.type), reason: "\(log) names a list or user that is empty or holds a '/'",
            field: "log")
    }

    /// Creates the list `id` named `name`: `create_list` in the global log, then the first name
    /// in the list's own log too (`rename_list`), so its members see it.
    public func createList(_ id: String = newID(), name: String) async throws {
        try Self.requireServerLog(.list(id), for: .createList(id: id, name: name))
        try await record(.createList(id: id, name: name), in: .global)
        try await record(.renameList(name: name), in: .list(id))
    }

    /// Offers `list` to `user`: `share_list` in the global log, `request {accept_share}` in the
    /// mailbox `requests/me/to/USER` (its entry id is `requestID`), and the grant of the user's
    /// membership of the list's log (done by the server when reached; only the owner may).
    public func share(_ list: String, with user: String, requestID: String = newID()) async throws {
        let me = domain.viewer
        guard user != me else {
            throw Rejection(tag: "share_list", reason: "cannot share a list with yourself (\(me))", field: "uid")
        }
        try await record(.shareList(id: list, uid: user, requestID: requestID), in: .global)
        try await record(.request(.acceptShare(listID: list)), in: .mailbox(from: me, to: user), id: requestID)
        try await changeMembership(of: user, in: "\(TodoListsDomain.listFamilyKind)/\(list)", member: true)
    }

    /// Accepts (or rejects) the pending share `requestID` addressed to the user: the answer in
    /// the global log, then the note in the mailbox back to its sender. Returns the list and who
    /// offered it.
    @discardableResult
    public func answer(_ requestID: String, accept: Bool) async throws -> (list: String, from: String) {
        let tag: MessageTag = accept ? "accept_share" : "reject_share"
        guard let request = await state.incoming[requestID] else {
            throw Rejection(tag: tag, reason: "no request \(requestID) addressed to \(domain.viewer)", field: "request")
        }
        guard case .acceptShare(let list) = request.request else {
            throw Rejection(
                tag: tag, reason: "request \(requestID) is not a share (nothing to answer)", field: "request")
        }
        guard request.status == .pending else {
            throw Rejection(
                tag: tag, reason: "request \(requestID) is already \(request.status.rawValue)", field: "request")
        }
        let mailbox = TodoLog.mailbox(from: domain.viewer, to: request.from)
        if accept {
            try await record(.acceptShare(id: list, requestID: requestID), in: .global)
            try await record(.noteActionAccepted(requestID: requestID), in: mailbox)
        } else {
            try await record(.rejectShare(id: list, requestID: requestID), in: .global)
            try await record(.noteActionRejected(requestID: requestID), in: mailbox)
        }
        return (list, request.from)
    }

    /// Ends `user`'s membership of `list` (the server refuses everyone but the owner, at once,
    /// whatever the user's device does), then tells them in the mailbox (`request {revoke_share}`).
    public func revoke(_ user: String, from list: String, requestID: String = newID()) async throws {
        let me = domain.viewer
        guard user != me else {
            throw Rejection(tag: "revoke_share", reason: "cannot revoke yourself (\(me)) from a list", field: "uid")
        }
        try await changeMembership(of: user, in: "\(TodoListsDomain.listFamilyKind)/\(list)", member: false)
        try await record(.request(.revokeShare(listID: list)), in: .mailbox(from: me, to: user), id: requestID)
    }
}
