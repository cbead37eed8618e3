import Foundation
import RxChainRemotes
import RxChainTesting
import Testing

/// `rxchain expenses` on stores synced through a real `rxchain-server`: members' offline
/// spendings converge to the same balances, a late older operation takes its place, a re-push
/// after a lost answer records one operation and blocks nothing, a non-member's operation is
/// refused, two devices of one user both sync, and no cent is lost.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct ExpensesSyncCommandTests: ServerSuite {
    let directoryPrefix = "expenses-cli"

    /// `rxchain expenses --store root/STORE words…` as `home`'s user.
    func expenses(
        _ store: String, _ words: [String], root: URL, home: String, stdin: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLIResult {
        try await rxchain(
            ["expenses", "--store", root.appendingPathComponent(store).path] + words,
            home: root.appendingPathComponent(home), stdin: stdin)
    }

    /// Like ``expenses(_:_:root:home:stdin:sourceLocation:)``, expecting exit 0.
    @discardableResult
    func expect(
        _ store: String, _ words: [String], root: URL, home: String, stdin: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLIResult {
        let result = try await expenses(store, words, root: root, home: home, stdin: stdin)
        #expect(result.exitCode == 0, "\(words): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Signs `users` in (device `d`, home `home-USER`), gives each a store `USER` on `server`.
    func team(_ users: [String], root: URL, server: String) async throws {
        for user in users {
            try await signIn(user, device: "d", server: server, home: root.appendingPathComponent("home-\(user)"))
            try await expect(user, ["--server", server, "--user", user, "groups"], root: root, home: "home-\(user)")
        }
    }

    /// `balances --json` of `user`'s store.
    func balances(_ user: String, root: URL) async throws -> String {
        try await expect(user, ["balances", "--json"], root: root, home: "home-\(user)").stdout
            .trimmingCharacters(in: .newlines)
    }

    /// A spending of `amount` added by `user` in G1 with the flags (no terminal needed).
    func add(
        _ user: String, _ amount: String, split: String = "equal", name: String = "lunch", root: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let added = try await expect(
            user,
            [
                "add", "--group", "G1", "--name", name, "--amount", amount, "--currency", "EUR", "--split", split,
                "--yes",
            ],
            root: root, home: "home-\(user)", sourceLocation: sourceLocation)
        #expect(added.stdout.contains("added spending"), "\(added)", sourceLocation: sourceLocation)
    }

    @Test func threeMembersOfflineSpendingsConvergeToTheSameBalancesWithoutLosingACent() async throws {
        try await withServer { root, server in
            let users = ["alice", "bob", "carol"]
            try await team(users, root: root, server: server.url)
            try await expect(
                "alice", ["new-group", "Trip", "--with", "bob,carol", "--id", "G1"], root: root, home: "home-alice")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            for user in ["bob", "carol"] { try await expect(user, ["sync"], root: root, home: "home-\(user)") }
            // Offline: none of these is pushed before all three are recorded.
            try await add("alice", "10.00", root: root)  // 1000 among 3: alice owes 334, bob and carol 333
            try await add("bob", "0.10", split: "carol=0.07,bob=0.03", root: root)
            try await add("carol", "7.01", root: root)  // 701 among 3: alice owes 234, bob 234, carol 233
            for user in users + users { try await expect(user, ["sync"], root: root, home: "home-\(user)") }
            let expected =
                #"{"balances":{"G1":{"alice":{"EUR":432},"bob":{"EUR":-560},"carol":{"EUR":128}}}}"#
            for user in users { #expect(try await balances(user, root: root) == expected, "\(user)") }
        }
    }

    @Test func aLateOlderOperationTakesItsPlaceOnEveryDevice() async throws {
        try await withServer { root, server in
            try await team(["alice", "bob"], root: root, server: server.url)
            try await expect(
                "alice", ["new-group", "Trip", "--with", "bob", "--id", "G1"], root: root, home: "home-alice")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            try await add("bob", "4.00", name: "older", root: root)  // made first, pushed last
            try await add("alice", "6.00", name: "newer", root: root)
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            for user in ["alice", "bob"] {
                let text = try await expect(user, ["balances"], root: root, home: "home-\(user)").stdout
                let older = try #require(text.range(of: "older"), "\(text)")
                let newer = try #require(text.range(of: "newer"), "\(text)")
                #expect(older.lowerBound < newer.lowerBound, "folded by createdAt on \(user): \(text)")
                #expect(text.contains("alice +1.00 EUR, bob -1.00 EUR"), "\(text)")
            }
        }
    }

    @Test func aRePushAfterALostAnswerRecordsOneOperationAndBlocksNothing() async throws {
        try await withServer { root, server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            try await signIn("bob", device: "d", server: server.url, home: root.appendingPathComponent("home-bob"))
            try await signIn(
                "alice", device: "d", server: proxy.endpoint, home: root.appendingPathComponent("home-alice"))
            try await expect(
                "alice",
                ["--server", proxy.endpoint, "--user", "alice", "new-group", "Trip", "--with", "bob", "--id", "G1"],
                root: root, home: "home-alice")
            try await add("alice", "3.00", root: root)
            proxy.inject(.cutResponse, method: "POST")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            #expect(proxy.playedFaults == [.cutResponse])
            try await add("alice", "5.00", root: root)
            let later = try await expect("alice", ["sync", "--json"], root: root, home: "home-alice")
            #expect(later.stdout.contains(#""pending":0"#), "\(later)")
            let bob = try ServerClient(
                server: server.url,
                session: try ServerSessionStore(home: root.appendingPathComponent("home-bob"))
                    .session(server: server.url, user: "bob"))
            #expect(try await read("groups/G1/operations", as: bob).entryIDs.count == 3, "one creation, two spendings")
            try await expect("bob", ["--server", server.url, "--user", "bob", "sync"], root: root, home: "home-bob")
            #expect(
                try await balances("bob", root: root)
                    == #"{"balances":{"G1":{"alice":{"EUR":400},"bob":{"EUR":-400}}}}"#)
        }
    }

    @Test func aNonMembersOperationIsRefusedAndNobodySeesIt() async throws {
        try await withServer { root, server in
            try await team(["alice", "bob", "mallory"], root: root, server: server.url)
            try await expect(
                "alice", ["new-group", "Trip", "--with", "bob", "--id", "G1"], root: root, home: "home-alice")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            // mallory's store believes in a G1 of its own, with bob: the server holds alice's.
            try await expect(
                "mallory", ["new-group", "Mine", "--with", "bob", "--id", "G1"], root: root, home: "home-mallory")
            try await add("mallory", "9.00", root: root)
            let refused = try await expenses("mallory", ["sync"], root: root, home: "home-mallory")
            #expect(refused.exitCode == 1, "\(refused)")
            #expect(refused.stderr.contains("dead letter") && refused.stderr.contains("403"), "\(refused)")
            #expect(try await balances("mallory", root: root) == #"{"balances":{}}"#, "the refused operations left")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            let groups = try await expect("bob", ["groups"], root: root, home: "home-bob").stdout
            #expect(groups == "G1 \"Trip\": alice, bob\n")
            #expect(try await balances("bob", root: root) == #"{"balances":{"G1":{}}}"#)
        }
    }

    @Test func twoDevicesOfOneUserBothSync() async throws {
        try await withServer { root, server in
            try await signIn("bob", device: "d", server: server.url, home: root.appendingPathComponent("home-bob"))
            try await signIn(
                "alice", device: "laptop", server: server.url, home: root.appendingPathComponent("home-laptop"))
            try await signIn(
                "alice", device: "phone", server: server.url, home: root.appendingPathComponent("home-phone"),
                signUp: false)
            let setting = ["--server", server.url, "--user", "alice"]
            try await expect(
                "laptop", setting + ["new-group", "Trip", "--with", "bob", "--id", "G1"], root: root,
                home: "home-laptop")
            try await expect("laptop", ["sync"], root: root, home: "home-laptop")
            try await expect("phone", setting + ["sync"], root: root, home: "home-phone")
            let onPhone = try await expect(
                "phone",
                [
                    "add", "--group", "G1", "--name", "taxi", "--amount", "8", "--currency", "EUR",
                    "--split", "equal", "--yes",
                ], root: root, home: "home-phone")
            #expect(onPhone.stdout.contains("added"), "\(onPhone)")
            try await expect("phone", ["sync"], root: root, home: "home-phone")
            // The phone's sign-in did not sign the laptop out: it still syncs, and sees the taxi.
            try await expect("laptop", ["sync"], root: root, home: "home-laptop")
            let laptop = try await expect("laptop", ["balances"], root: root, home: "home-laptop").stdout
            #expect(laptop.contains("alice +4.00 EUR, bob -4.00 EUR") && laptop.contains("taxi"), "\(laptop)")
        }
    }

    @Test func theAddFlowCancelledAtThePickerRecordsNothingAndOffersOnlyFriends() async throws {
        try await withServer { root, server in
            try await team(["alice", "bob"], root: root, server: server.url)
            try await expect("alice", ["friends", "request", "bob"], root: root, home: "home-alice")
            try await expect(
                "alice", ["new-group", "Trip", "--with", "bob", "--id", "G1"], root: root, home: "home-alice")
            // bob is asked, not yet a friend: the picker offers the group only.
            let cancelled = try await expenses("alice", ["add"], root: root, home: "home-alice", stdin: "\n")
            #expect(cancelled.exitCode == 0 && cancelled.stdout.hasSuffix("cancelled\n"), "\(cancelled)")
            #expect(cancelled.stdout.contains("1) group Trip (G1)") && !cancelled.stdout.contains("bob"))
            let notFriend = try await expenses(
                "alice", ["add", "--friend", "bob", "--amount", "1", "--yes"], root: root, home: "home-alice")
            #expect(notFriend.exitCode == 1 && notFriend.stderr.contains("not your friend"), "\(notFriend)")
            let badAmount = try await expenses(
                "alice", ["add", "--group", "G1", "--name", "x", "--amount", "1.005"], root: root, home: "home-alice")
            #expect(badAmount.exitCode == 2, "\(badAmount)")
            let report = try await expect("alice", ["sync", "--json"], root: root, home: "home-alice")
            #expect(report.stdout.contains(#""pending":0"#))
            #expect(try await balances("alice", root: root) == #"{"balances":{"G1":{}}}"#, "nothing was added")
            // Once friends, the picker offers bob, answered line by line.
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            try await expect("bob", ["friends", "accept", "alice"], root: root, home: "home-bob")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            let added = try await expect(
                "alice", ["add"], root: root, home: "home-alice", stdin: "2\nbooks\n12.34\neur\nbob=12.34\ny\n")
            #expect(added.stdout.contains("2) friend bob") && added.stdout.contains("added spending"), "\(added)")
            let state = try await balances("alice", root: root)
            #expect(state.contains(#"{"alice":{"EUR":1234},"bob":{"EUR":-1234}}"#), "\(state)")
        }
    }
}

extension ExpensesSyncCommandTests {
    @Test func friendsAndDeletionsTravelToTheOtherUser() async throws {
        try await withServer { root, server in
            try await team(["alice", "bob"], root: root, server: server.url)
            for words in [["friends", "request", "../bob"], ["new-group", "X", "--with", "bob", "--id", "G1/x"]] {
                let malformed = try await expenses("alice", words, root: root, home: "home-alice")
                #expect(malformed.exitCode == 2, "a name or id that would be part of a log path: \(malformed)")
            }
            try await expect("alice", ["friends", "request", "bob"], root: root, home: "home-alice")
            let twice = try await expenses("alice", ["friends", "request", "bob"], root: root, home: "home-alice")
            #expect(twice.exitCode == 1 && twice.stderr.contains("rejected"), "checked before it is recorded: \(twice)")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            let asked = try await expect("bob", ["friends"], root: root, home: "home-bob").stdout
            #expect(asked == "friends: none\nrequests to you: alice\nyour requests: none\n")
            try await expect("bob", ["friends", "accept", "alice"], root: root, home: "home-bob")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            #expect(
                try await expect("alice", ["friends"], root: root, home: "home-alice").stdout.hasPrefix(
                    "friends: bob\n"))

            try await expect(
                "alice", ["new-group", "Trip", "--with", "bob", "--id", "G1"], root: root, home: "home-alice")
            try await add("alice", "2.50", root: root)
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            let spending = try await expect("bob", ["balances"], root: root, home: "home-bob").stdout
                .split(separator: "\n").last.map { String($0.split(separator: " ")[0]) }
            let id = try #require(spending)
            try await expect("bob", ["delete", id], root: root, home: "home-bob")
            let missing = try await expenses("bob", ["delete", "no-such"], root: root, home: "home-bob")
            #expect(missing.exitCode == 1 && missing.stderr.contains("no spending no-such"), "\(missing)")
            try await expect("bob", ["friends", "unfriend", "alice"], root: root, home: "home-bob")
            try await expect("bob", ["sync"], root: root, home: "home-bob")
            try await expect("alice", ["sync"], root: root, home: "home-alice")
            #expect(try await balances("alice", root: root) == #"{"balances":{"G1":{}}}"#, "bob's deletion arrived")
            #expect(
                try await expect("alice", ["friends"], root: root, home: "home-alice").stdout.hasPrefix(
                    "friends: none\n"))
        }
    }
}
