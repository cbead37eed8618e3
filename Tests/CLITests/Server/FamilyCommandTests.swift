import Foundation
import RxChainTesting
import Testing

/// `rxchain family` against a real `rxchain-server`: a team playbook shared from the terminal.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct FamilyCommandTests: ServerSuite {
    let directoryPrefix = "family-cli"

    /// `rxchain family words… --server URL` with `RXCHAIN_HOME=home`, expecting `exit`.
    @discardableResult
    func family(
        _ words: [String], server: ServerProcess, home: URL, exit: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLIResult {
        let result = try await rxchain(["family"] + words + ["--server", server.url], home: home)
        #expect(result.exitCode == exit, "\(words): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// `{family, owner, members}` from `family show FAMILY --json`.
    func members(
        of family: String, server: ServerProcess, home: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (owner: String?, members: [String]?) {
        let shown = try await self.family(
            ["show", family, "--json"], server: server, home: home, sourceLocation: sourceLocation)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any],
            sourceLocation: sourceLocation)
        #expect(object["family"] as? String == family, sourceLocation: sourceLocation)
        return (object["owner"] as? String, object["members"] as? [String])
    }

    @Test func theOwnerOfATeamPlaybookGrantsAndRevokesATeammate() async throws {
        try await withServer { root, server in
            let (alice, bob) = (root.appendingPathComponent("home-a"), root.appendingPathComponent("home-b"))
            try await signIn("alice", device: "a", server: server.url, home: alice)
            try await signIn("bob", device: "b", server: server.url, home: bob)
            let playbook = "\(server.url)/logs/playbooks/team/ledger"
            let (storeA, storeB) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
            func ledger(_ store: URL, _ words: [String], home: URL) async throws -> CLIResult {
                try await rxchain(["ledger", "--store", store.path] + words, home: home)
            }

            // Nobody owns playbooks/team yet: nobody may read it, so a sync (which reads first)
            // is refused until alice claims it.
            #expect(try await ledger(storeA, ["categories", "new", "Food"], home: alice).exitCode == 0)
            let unclaimed = try await ledger(storeA, ["sync", "--remote", playbook], home: alice)
            #expect(unclaimed.exitCode == 1 && unclaimed.stderr.contains("permission denied"), "\(unclaimed)")
            try await family(["claim", "playbooks/team"], server: server, home: alice)
            let first = try await ledger(storeA, ["sync", "--remote", playbook], home: alice)
            #expect(first.exitCode == 0, "\(first)")
            let before = try await members(of: "playbooks/team", server: server, home: alice)
            #expect(before.owner == "alice" && before.members == ["alice"])

            // bob is no member: he may neither read, nor look, nor grant himself.
            let refused = try await ledger(storeB, ["sync", "--remote", playbook], home: bob)
            #expect(refused.exitCode == 1 && refused.stderr.contains("permission denied"), "\(refused)")
            let look = try await family(["show", "playbooks/team"], server: server, home: bob, exit: 1)
            #expect(look.stderr.contains("403"), "\(look)")
            let himself = try await family(["grant", "playbooks/team", "bob"], server: server, home: bob, exit: 1)
            #expect(himself.stderr.contains("403"), "\(himself)")
            #expect(try await members(of: "playbooks/team", server: server, home: alice).members == ["alice"])

            let granted = try await family(["grant", "playbooks/team", "bob"], server: server, home: alice)
            #expect(granted.stdout == "bob is a member of playbooks/team\n", "\(granted)")
            let after = try await members(of: "playbooks/team", server: server, home: bob)
            #expect(after.owner == "alice" && after.members == ["alice", "bob"])
            let read = try await ledger(storeB, ["sync", "--remote", playbook], home: bob)
            #expect(read.exitCode == 0 && read.stdoutLines.contains("downloaded 1 line, uploaded 0 lines"), "\(read)")

            try await family(["revoke", "playbooks/team", "bob"], server: server, home: alice)
            let cut = try await ledger(storeB, ["sync"], home: bob)
            #expect(cut.exitCode == 1 && cut.stderr.contains("permission denied"), "\(cut)")
            #expect(try await members(of: "playbooks/team", server: server, home: alice).members == ["alice"])
        }
    }

    /// A typo in a name must not look like a working share (or revocation): the server answers
    /// 404 `unknown_user`, the command says so (exit 1) and the family is as it was.
    @Test(arguments: ["grant", "revoke"])
    func aMembershipChangeForAnAccountThatDoesNotExistIsRefused(command: String) async throws {
        try await withServer { root, server in
            let (alice, bob) = (root.appendingPathComponent("home-a"), root.appendingPathComponent("home-b"))
            try await signIn("alice", device: "a", server: server.url, home: alice)
            try await signIn("bob", device: "b", server: server.url, home: bob)
            try await family(["claim", "playbooks/team"], server: server, home: alice)
            try await family(["grant", "playbooks/team", "bob"], server: server, home: alice)
            let refused = try await family([command, "playbooks/team", "bbo"], server: server, home: alice, exit: 1)
            #expect(refused.stdout.isEmpty, "\(refused)")
            #expect(
                refused.stderrLines == [
                    "rxchain family \(command): server \(server.url) refused (404 unknown_user): "
                        + #"there is no account named "bbo" on this server"#
                ], "\(refused)")
            let after = try await members(of: "playbooks/team", server: server, home: alice)
            #expect(after.owner == "alice" && after.members == ["alice", "bob"], "nothing changed")
        }
    }

    @Test func aClaimIsOnceAndTheTextShowsTheOwner() async throws {
        try await withServer { root, server in
            let (alice, bob) = (root.appendingPathComponent("home-a"), root.appendingPathComponent("home-b"))
            try await signIn("alice", device: "a", server: server.url, home: alice)
            try await signIn("bob", device: "b", server: server.url, home: bob)
            let claimed = try await family(["claim", "lists/L1"], server: server, home: alice)
            #expect(claimed.stdout == "claimed lists/L1\n", "\(claimed)")
            let again = try await family(["claim", "lists/L1"], server: server, home: bob, exit: 1)
            #expect(again.stderr.contains("409"), "\(again)")
            let shown = try await family(["show", "lists/L1"], server: server, home: alice)
            #expect(shown.stdoutLines == ["lists/L1  owner alice", "  alice  (owner)"], "\(shown)")
        }
    }

    @Test(arguments: [
        (["show", "playbooks"], "\"playbooks\" is not a family: expected KIND/ID"),
        (["claim", "a/b/c"], "\"a/b/c\" is not a family"),
        (["grant", "/team", "bob"], "\"/team\" is not a family"),
        (["grant", "playbooks/team", "bob smith"], "argument USER: \"bob smith\" is not a user name"),
        (["revoke", "playbooks/team"], "missing argument USER"),
    ])
    func badArgumentsAreUsageErrorsAndSendNothing(words: [String], message: String) async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "a", server: server.url, home: home)
            let result = try await family(words, server: server, home: home, exit: 2)
            #expect(result.stderr.contains(message), "\(result)")
            #expect(!server.log.contains("/families/"), "nothing reached the server: \(server.log)")
        }
    }
}
