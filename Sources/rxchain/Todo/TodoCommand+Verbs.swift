import Foundation
import RxChainDevice
import TodoLists

/// The TODO lists' own verbs: `rxchain todo --store DIR VERB …`. A change is recorded in the
/// queue (every device of the user replays it once the server has it) and says so:
/// `queued: N changes waiting for 'rxchain todo sync'`.
extension TodoCommand {
    var verbs: [any Command] {
        [
            Self.lists, Self.new, Self.rename, Self.delete, Self.move, Self.items, Self.add,
            Self.completion(done: true),
            Self.completion(done: false), Self.star, Self.describe, Self.moveItem, Self.remove,
            Self.membership(sharing: true), Self.requests, Self.answer(accept: true), Self.answer(accept: false),
            Self.membership(sharing: false),
        ]
    }

    private static let listArgument = CommandSignature.Argument.required(
        "LIST", help: "the list: its id or the start of its name")
    private static let jsonOption = CommandSignature.Option.flag(
        "json", help: "print one JSON object, in the shapes of 'replay --json'")

    /// `lists [--json]`: the visible lists, in order, as the store holds them (no network).
    private static let lists = verb("lists", "the visible lists, in order", options: [Self.jsonOption]) { _, _ in
        StoreWork { device in
            /// What `--json` prints: `{lists: [{id, name}]}` (`replay --json`'s `lists`).
            struct View: Encodable { var lists: [TodoListsView.List] }
            let lists = TodoListsView(await device.state).lists
            let lines = lists.map { "\($0.name ?? "(unnamed)") (\($0.id))" }
            return Answer(lines.isEmpty ? ["no lists"] : lines, json: View(lists: lists))
        }
    }

    /// `new NAME`: `create_list {id, name}` in the user's global log, then `rename_list {name}` in
    /// the list's own log, so that members it is shared with see its name (the first append to
    /// `lists/ID/…` also makes the user the list's owner on the server).
    private static let new = verb("new", "create a list", arguments: [.required("NAME", help: "the list's name")]) {
        arguments, _ in
        let name = arguments.argument("NAME")!
        return change { device, _ in
            let id = TodoListsDevice.newID()
            try await device.createList(id, name: name)
            return "created list \(name) (\(id))"
        }
    }

    /// `rename LIST NAME`: `rename_list {name}` in the list's log (every member sees it; the later
    /// rename wins).
    private static let rename = verb(
        "rename", "rename a list", arguments: [Self.listArgument, .required("NAME", help: "the new name")]
    ) { arguments, _ in
        let (text, name) = (arguments.argument("LIST")!, arguments.argument("NAME")!)
        return change { device, state in
            let list = try Self.list(text, in: state)
            try await device.record(.renameList(name: name), in: .list(list))
            return "renamed list \(list) to \(name)"
        }
    }

    /// `delete LIST`: `delete_list {id}` in the user's global log (the list leaves this user's
    /// lists; its log and other members' lists are untouched).
    private static let delete = verb("delete", "delete a list from your lists", arguments: [Self.listArgument]) {
        arguments, _ in
        let text = arguments.argument("LIST")!
        return change { device, state in
            let list = try Self.list(text, in: state)
            try await device.record(.deleteList(id: list), in: .global)
            return "deleted list \(list)"
        }
    }

    /// `move LIST (--after LIST | --first)`: `reorder_list {id, after_this_id}` in the global log.
    private static let move = verb(
        "move", "move a list after another, or to the front",
        options: [
            .value("after", placeholder: "LIST", help: "the list to move it after"),
            .flag("first", help: "move it to the front"),
        ],
        arguments: [Self.listArgument]
    ) { arguments, _ in
        let (text, after) = (arguments.argument("LIST")!, try Self.anchor(arguments, noun: "LIST"))
        return change { device, state in
            let list = try Self.list(text, in: state)
            let anchor = try after.map { text throws(CommandFailure) in try Self.list(text, in: state) }
            try await device.record(.reorderList(id: list, afterThisID: anchor), in: .global)
            return "moved list \(list) \(anchor.map { "after \($0)" } ?? "to the front")"
        }
    }

    /// `items LIST [--json]`: a list's live items, in order.
    ///
    /// ```
    /// Groceries (6f1c…)
    ///   [ ] milk * (a41e…)
    ///   [x] eggs (conflict: overwrote "6 eggs") (0b9d…)
    /// ```
    private static let items = verb(
        "items", "a list's items, in order", options: [Self.jsonOption], arguments: [Self.listArgument]
    ) {
        arguments, _ in
        let text = arguments.argument("LIST")!
        return StoreWork { device in
            /// What `--json` prints: `{id, name, order, byId}` (`replay --json`'s list and items).
            struct View: Encodable {
                var id: String
                @ExplicitNull var name: String?
                var order: [String]
                var byId: [String: TodoListsView.Item]
            }
            let state = await device.state
            let list = try Self.list(text, in: state)
            let items = state.items[list].map(TodoListsView.Items.init) ?? TodoListsView.Items(order: [], byId: [:])
            let lines = items.order.compactMap { id in items.byId[id].map { "\(TodoListsView.line($0)) (\(id))" } }
            return Answer(
                ["\(state.names[list] ?? "(unnamed)") (\(list))"] + (items.order.isEmpty ? ["  no items"] : lines),
                json: View(id: list, name: state.names[list], order: items.order, byId: items.byId))
        }
    }

    /// `add LIST TEXT [--star]`: `create_item {id, description, starred}` in the list's log (the
    /// item goes to the top).
    private static let add = verb(
        "add", "add an item at the top of a list", options: [.flag("star", help: "star the item")],
        arguments: [Self.listArgument, .required("TEXT", help: "the item's text")]
    ) { arguments, _ in
        let (text, description, starred) = (
            arguments.argument("LIST")!, arguments.argument("TEXT")!, arguments.flag("star")
        )
        return change { device, state in
            let list = try Self.list(text, in: state)
            let id = TodoListsDevice.newID()
            try await device.record(
                .createItem(id: id, description: description, starred: starred, completed: false), in: .list(list))
            return "added \(description) (\(id))"
        }
    }

    /// `done|undone LIST ITEM`: `complete_item {id, done_state}`.
    private static func completion(done: Bool) -> StoreVerb<Self> {
        itemVerb(done ? "done" : "undone", done ? "mark an item done" : "mark an item not done") { _ in
            { item, _, _ in .completeItem(id: item, done: done) }
        }
    }

    /// `star LIST ITEM [--off]`: `star_item {id, star_state}`.
    private static let star = itemVerb(
        "star", "star an item (or unstar it with --off)", options: [.flag("off", help: "remove the star")]
    ) { arguments in
        let starred = !arguments.flag("off")
        return { item, _, _ in .starItem(id: item, starred: starred) }
    }

    /// `describe LIST ITEM TEXT`: `describe_item {id, new_description, orig_description}`,
    /// `orig_description` being the text this device showed: when another user's describe got
    /// there first, every device marks the item with a conflict.
    private static let describe = itemVerb(
        "describe", "change an item's text", text: .required("TEXT", help: "the new text")
    ) { arguments in
        let text = arguments.argument("TEXT")!
        return { item, list, state in
            .describeItem(
                id: item, newDescription: text, origDescription: state.items[list]?.byID[item]?.description)
        }
    }

    /// `move-item LIST ITEM (--after ITEM | --first)`: `reorder_item {id, after_this_id}`.
    private static let moveItem = itemVerb(
        "move-item", "move an item after another, or to the top",
        options: [
            .value("after", placeholder: "ITEM", help: "the item to move it after"),
            .flag("first", help: "move it to the top"),
        ]
    ) { arguments in
        let after = try Self.anchor(arguments, noun: "ITEM")
        return { item, list, state in
            .reorderItem(
                id: item,
                afterThisID: try after.map { text throws(CommandFailure) in
                    try Self.item(text, of: list, in: state)
                })
        }
    }

    /// `remove LIST ITEM`: `delete_item {id}`.
    private static let remove = itemVerb("remove", "remove an item from a list") { _ in
        { item, _, _ in .deleteItem(id: item) }
    }

    /// `share LIST USER` offers a list to another user: `share_list {id, uid, request_id}` in the
    /// user's global log, `request {accept_share}` in the mailbox `requests/me/to/USER` (its entry
    /// id is the request id), and the grant of USER's membership of `lists/LIST` (by the server,
    /// when reached; only the list's owner may). USER sees the request pending, and the list once
    /// they accept it.
    ///
    /// `revoke LIST USER` ends a share: first the revocation of USER's membership of `lists/LIST`
    /// (on the server, what ends their access), then `request {revoke_share}` in the mailbox
    /// `requests/me/to/USER`, which hides the list on their devices (no consent needed).
    private static func membership(sharing: Bool) -> StoreVerb<Self> {
        verb(
            sharing ? "share" : "revoke",
            sharing
                ? "offer a list to another user (they accept or reject it)"
                : "end another user's access to a list you shared",
            arguments: [
                Self.listArgument,
                .required("USER", help: sharing ? "the user to share it with" : "the user to revoke"),
            ]
        ) { arguments, _ in
            let (text, user) = (arguments.argument("LIST")!, try Self.user(arguments.argument("USER")!))
            return change { device, state in
                let (list, request) = (try Self.list(text, in: state), TodoListsDevice.newID())
                if sharing {
                    try await device.share(list, with: user, requestID: request)
                    return "shared list \(list) with \(user): request \(request), pending"
                }
                try await device.revoke(user, from: list, requestID: request)
                return "revoked \(user) from list \(list): request \(request)"
            }
        }
    }

    /// `requests [--json]`: the share requests other users sent this user (incoming) and the shares
    /// this user offered (outgoing), each with its status.
    private static let requests = verb(
        "requests", "share requests received and sent, with their status", options: [Self.jsonOption]
    ) { _, _ in
        StoreWork { device in
            /// What `--json` prints: `{incoming, outgoing}` (`replay --json`'s).
            struct View: Encodable {
                var incoming: [String: TodoListsView.Incoming]
                var outgoing: [String: TodoListsView.Outgoing]
            }
            let view = TodoListsView(await device.state)
            let lines = view.requestLines
            return Answer(
                lines.isEmpty ? ["no requests"] : lines,
                json: View(incoming: view.incoming, outgoing: view.outgoing))
        }
    }

    /// `accept|reject REQUEST` answers a pending share offered to this user: `accept_share` or
    /// `reject_share {id, request_id}` in the user's global log, then `note_action_accepted` or
    /// `note_action_rejected {request_id}` in the mailbox `requests/me/to/OWNER`. Accepting shows
    /// the list (at the front) with its items.
    private static func answer(accept: Bool) -> StoreVerb<Self> {
        verb(
            accept ? "accept" : "reject", accept ? "accept a list shared with you" : "reject a list shared with you",
            arguments: [.required("REQUEST", help: "the request: its id or the start of it ('requests' shows them)")]
        ) { arguments, _ in
            let text = arguments.argument("REQUEST")!
            return change { device, state in
                let id = try Self.incomingRequest(text, in: state)
                let (list, from) = try await device.answer(id, accept: accept)
                return "\(accept ? "accepted" : "rejected") list \(list) from \(from) (request \(id))"
            }
        }
    }

    /// How an item verb changes `item` of `list`, given the state the user saw.
    private typealias ItemAction =
        @Sendable (_ item: String, _ list: String, _ state: TodoListsState) throws
        -> TodoAction

    /// A verb that changes one item: finds the list and the item (`LIST ITEM`, then `text` if
    /// any), records the action that `prepare`'s ``ItemAction`` makes in the list's log, says
    /// what it did.
    private static func itemVerb(
        _ name: String, _ summary: String, options: [CommandSignature.Option] = [],
        text: CommandSignature.Argument? = nil, prepare: @escaping @Sendable (ParsedArguments) throws -> ItemAction
    ) -> StoreVerb<Self> {
        let item = CommandSignature.Argument.required("ITEM", help: "the item: its id or the start of its text")
        let arguments = [Self.listArgument, item] + [text].compactMap { $0 }
        return verb(name, summary, options: options, arguments: arguments) { arguments, _ in
            let (listText, itemText) = (arguments.argument("LIST")!, arguments.argument("ITEM")!)
            let action = try prepare(arguments)
            return change { device, state in
                let list = try Self.list(listText, in: state)
                let item = try Self.item(itemText, of: list, in: state)
                try await device.record(try action(item, list, state), in: .list(list))
                return "\(name): \(state.items[list]?.byID[item]?.description ?? item) (\(item))"
            }
        }
    }

    /// A change: `run` records it on the device (given the state before it) and says what it did;
    /// the answer adds how many changes wait for `sync`.
    private static func change(
        _ run: @escaping @Sendable (TodoListsDevice, TodoListsState) async throws -> String
    ) -> StoreWork<TodoListsDomain> {
        StoreWork { device in
            let done = try await run(device, await device.state)
            let pending = device.sync.queue.pendingCount
            return Answer([done, "queued: \(pending) change\(pending == 1 ? "" : "s") waiting for 'rxchain todo sync'"])
        }
    }
}
