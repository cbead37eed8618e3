import Foundation
import Testing

/// What the suites that run `rxchain todo` against a real server share: each user's store
/// (`ROOT/store-USER`) and sessions (`ROOT/home-USER`), and the `--json` answers decoded.
protocol TodoDeviceSuite: ServerSuite {}

extension TodoDeviceSuite {
    /// Signs each user up and in, and remembers the server and user in their store.
    func join(_ users: [String], root: URL, server: String) async throws {
        for user in users {
            try await signIn(user, device: "d", server: server, home: root.appendingPathComponent("home-\(user)"))
            try await expectSuccess(todo(user, ["--server", server, "--user", user, "lists"], root: root))
        }
    }

    /// `rxchain todo --store ROOT/store-USER words…` as `user`.
    func todo(_ user: String, _ words: [String], root: URL, store: String? = nil) async throws -> CLIResult {
        let store = root.appendingPathComponent(store ?? "store-\(user)").path
        return try await rxchain(["todo", "--store", store] + words, home: root.appendingPathComponent("home-\(user)"))
    }

    /// Expects exit 0 and returns the standard output.
    @discardableResult
    func expectSuccess(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        #expect(result.exitCode == 0 && !result.wasSignalled, "\(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `sync` as `user`, expected to succeed (exit 0), or, when it makes dead letters
    /// (`refusing`), to report them (exit 1).
    @discardableResult
    func sync(_ user: String, root: URL, refusing: Bool = false, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> TodoSyncView
    {
        let result = try await todo(user, ["sync", "--json"], root: root)
        #expect(
            result.exitCode == (refusing ? 1 : 0) && !result.wasSignalled, "\(result)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(TodoSyncView.self, from: Data(result.stdout.utf8))
    }

    /// `lists --json` as `user`.
    func lists(_ user: String, root: URL) async throws -> [TodoListView] {
        let output = try expectSuccess(try await todo(user, ["lists", "--json"], root: root))
        return try JSONDecoder().decode(TodoListsAnswer.self, from: Data(output.utf8)).lists
    }

    /// `items LIST --json` as `user`.
    func items(_ user: String, _ list: String, root: URL, store: String? = nil) async throws -> TodoItemsView {
        let output = try expectSuccess(try await todo(user, ["items", list, "--json"], root: root, store: store))
        return try JSONDecoder().decode(TodoItemsView.self, from: Data(output.utf8))
    }

    /// `requests --json` as `user`.
    func requests(_ user: String, root: URL) async throws -> TodoRequestsView {
        let output = try expectSuccess(try await todo(user, ["requests", "--json"], root: root))
        return try JSONDecoder().decode(TodoRequestsView.self, from: Data(output.utf8))
    }

    /// Alice creates `Groceries` holding `items` (added in this order, so the last is on top),
    /// shares it with bob, and both sync; bob accepts if `accept` and both sync again. Returns
    /// the list's id.
    func shareGroceries(_ items: [String], root: URL, accept: Bool) async throws -> String {
        try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
        for item in items { try await expectSuccess(todo("alice", ["add", "Groceries", item], root: root)) }
        try await expectSuccess(todo("alice", ["share", "Groceries", "bob"], root: root))
        let list = try #require(try await lists("alice", root: root).first).id
        try await sync("alice", root: root)
        try await sync("bob", root: root)
        if accept {
            let request = try #require(try await requests("bob", root: root).incoming.keys.first)
            try await expectSuccess(todo("bob", ["accept", request], root: root))
            try await sync("bob", root: root)
            try await sync("alice", root: root)
        }
        return list
    }
}

/// `lists --json`.
struct TodoListsAnswer: Decodable {
    var lists: [TodoListView]
}

/// One list of `lists --json`.
struct TodoListView: Decodable, Equatable {
    var id: String
    var name: String?
}

/// `items LIST --json`.
struct TodoItemsView: Decodable, Equatable {
    struct Item: Decodable, Equatable {
        struct Conflict: Decodable, Equatable {
            var overwritten: String
        }
        var description: String
        var completed: Bool
        var starred: Bool
        var conflict: Conflict?
    }

    var id: String
    var name: String?
    var order: [String]
    var byId: [String: Item]

    /// The items' texts, in order.
    var texts: [String] { order.map { byId[$0]?.description ?? "?" } }

    /// The id of the item whose text is `text`.
    func id(of text: String) -> String? { byId.first { $0.value.description == text }?.key }
}

/// `requests --json`.
struct TodoRequestsView: Decodable, Equatable {
    struct Incoming: Decodable, Equatable {
        var from: String
        var type: String
        var listId: String
        var status: String
    }

    struct Outgoing: Decodable, Equatable {
        var to: String
        var listId: String
        var status: String
    }

    var incoming: [String: Incoming]
    var outgoing: [String: Outgoing]
}

/// `sync --json`.
struct TodoSyncView: Decodable, Equatable {
    var remote: String
    var sent: Int
    var received: Int
    var pending: Int
    /// The changes the server refused for good in this sync.
    var deadLetters: [Letter]

    struct Letter: Decodable, Equatable {
        var id: UInt64
        var tag: String
        var reason: String
        var at: String?
    }
}
