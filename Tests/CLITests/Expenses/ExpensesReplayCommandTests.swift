import Foundation
import Testing

/// `rxchain expenses replay` end to end, through the built executable.
@Suite struct ExpensesReplayCommandTests {
    /// Out of order (the group comes third), with a copy of the first spending, a spending by a
    /// non-member, one whose shares do not sum to zero, and friends.
    static let log =
        [
            #"{"operationId":"op2","createdAt":2000,"authorId":"alice","type":"createSpending","payload":{"spendingId":"S1","groupId":"G1","name":"Dinner","currency":"EUR","amount":100,"shares":[{"userId":"alice","amount":66},{"userId":"bob","amount":-33},{"userId":"carol","amount":-33}]}}"#,
            #"{"operationId":"op5","createdAt":5000,"authorId":"bob","type":"acceptFriendRequest","payload":{"sender":"carol"}}"#,
            #"{"operationId":"op1","createdAt":1000,"authorId":"alice","type":"createSpendingGroup","payload":{"groupId":"G1","participants":["carol","alice","bob"],"displayName":"Trip"}}"#,
            #"{"operationId":"op3","createdAt":3000,"authorId":"mallory","type":"createSpending","payload":{"spendingId":"S2","groupId":"G1","name":"Taxi","currency":"EUR","amount":10,"shares":[{"userId":"alice","amount":10},{"userId":"bob","amount":-10}]}}"#,
            #"{"operationId":"op2","createdAt":2000,"authorId":"alice","type":"createSpending","payload":{"spendingId":"S1","groupId":"G1","name":"Dinner","currency":"EUR","amount":100,"shares":[{"userId":"alice","amount":66},{"userId":"bob","amount":-33},{"userId":"carol","amount":-33}]}}"#,
            #"{"operationId":"op4","createdAt":4000,"authorId":"carol","type":"sendFriendRequest","payload":{"target":"bob"}}"#,
            #"{"operationId":"op6","createdAt":6000,"authorId":"bob","type":"createSpending","payload":{"spendingId":"S3","groupId":"G1","name":"Bus","currency":"USD","amount":150,"shares":[{"userId":"bob","amount":150}]}}"#,
            #"{"operationId":"op7","createdAt":7000,"authorId":"bob","type":"createSpending","payload":{"spendingId":"S4","groupId":"G1","name":"Bus","currency":"USD","amount":8,"shares":[{"userId":"bob","amount":8},{"userId":"alice","amount":-8}]}}"#,
        ].joined(separator: "\n") + "\n"

    func withFile<T>(_ text: String, _ body: (String) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "expenses-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("operations.ndjson")
        try Data(text.utf8).write(to: file)
        return try await body(file.path)
    }

    func expenses(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["expenses"] + arguments, environment: ["NO_COLOR": "1"])
    }

    @Test func replayPrintsExactlyTheSpecsObject() async throws {
        try await withFile(Self.log) { path in
            let result = try await expenses(["replay", path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            let expected =
                #"{"balances":{"G1":{"alice":{"EUR":66,"USD":-8},"bob":{"EUR":-33,"USD":8},"carol":{"EUR":-33}}},"#
                + #""friendRequests":[],"friendships":["bob|carol"],"#
                + #""groups":{"G1":{"createdAt":1000,"id":"G1","name":"Trip","participants":["alice","bob","carol"]}},"#
                + #""rejected":["op3","op6"],"#
                + #""rejections":{"op3":"the author mallory is not a member of group G1","op6":"shares sum to 150, not 0"},"#
                + #""spendings":{"S1":{"amount":100,"createdAt":2000,"currency":"EUR","groupId":"G1","id":"S1","name":"Dinner","#
                + #""shares":[{"amount":66,"userId":"alice"},{"amount":-33,"userId":"bob"},{"amount":-33,"userId":"carol"}]},"#
                + #""S4":{"amount":8,"createdAt":7000,"currency":"USD","groupId":"G1","id":"S4","name":"Bus","#
                + #""shares":[{"amount":8,"userId":"bob"},{"amount":-8,"userId":"alice"}]}}}"#
            #expect(result.stdout == expected + "\n")
            #expect(result.stderr.contains("op2: duplicate"), "\(result)")
            #expect(result.stderr.contains("op6: skipped: shares sum to 150, not 0"), "\(result)")
            #expect(result.stderr.contains("read 8 lines: 8 entries, 0 unreadable, 0 blank"), "\(result)")
        }
    }

    @Test func replayWithoutJSONPrintsASummary() async throws {
        try await withFile(Self.log) { path in
            let result = try await expenses(["replay", path])
            #expect(result.exitCode == 0, "\(result)")
            #expect(
                result.stdoutLines == [
                    "groups: 1",
                    #"  G1 "Trip": alice, bob, carol"#,
                    "spendings: 2",
                    "  S1 in G1: Dinner, 100 EUR (alice +66, bob -33, carol -33)",
                    "  S4 in G1: Bus, 8 USD (bob +8, alice -8)",
                    "balances:",
                    "  G1: alice +66 EUR, alice -8 USD, bob -33 EUR, bob +8 USD, carol -33 EUR",
                    "friend requests: none",
                    "friendships: bob|carol",
                    "rejected: 2",
                    "  op3: the author mallory is not a member of group G1",
                    "  op6: shares sum to 150, not 0",
                ], "\(result)")
        }
    }

    @Test func aLineThatIsNoOperationIsReportedWithItsNumberAndField() async throws {
        let lines = [
            #"{"operationId":"op1","createdAt":1000,"authorId":"alice","type":"createSpendingGroup","payload":{"groupId":"G1","participants":["alice","bob"]}}"#,
            #"{"operationId":"op2","createdAt":2000,"authorId":"alice","type":"createSpending","payload":{"spendingId":"S1","groupId":"G1","name":"Tea","currency":"EUR","amount":"12.50","shares":[]}}"#,
            "",
            #"{"operationId":"op3","authorId":"bob","type":"unfriend","payload":{"target":"alice"}}"#,
        ]
        try await withFile(lines.joined(separator: "\n") + "\n") { path in
            let result = try await expenses(["replay", path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stderr.contains("line 2: payload.amount: must be a whole number, not a string"), "\(result)")
            #expect(result.stderr.contains("line 4: createdAt: is missing"), "\(result)")
            #expect(result.stderr.contains("read 4 lines: 1 entries, 2 unreadable, 1 blank"), "\(result)")
            #expect(result.stdout.contains(#""groups":{"G1":"#), "\(result)")
            #expect(result.stdout.contains(#""rejected":[],"rejections":{}"#), "\(result)")
        }
    }

    @Test func aMissingFileIsNamedWithExitOne() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-\(UUID().uuidString).ndjson")
            .path
        let result = try await expenses(["replay", missing, "--json"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("cannot read '\(missing)': no such file or directory"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpAndUsageErrors() async throws {
        let help = try await expenses(["replay", "--help"])
        #expect(help.exitCode == 0, "\(help)")
        #expect(help.stdout.contains("usage: rxchain expenses replay [options] FILE"), "\(help)")
        #expect(help.stdout.contains("createSpending "), "\(help)")
        let group = try await expenses(["--help"])
        #expect(group.exitCode == 0 && group.stdout.contains("replay"), "\(group)")
        let noFile = try await expenses(["replay"])
        #expect(noFile.exitCode == 2, "\(noFile)")
        #expect(noFile.stderr.contains("missing argument FILE"), "\(noFile)")
        let unknown = try await expenses(["replay", "/dev/null", "--upto", "3"])
        #expect(unknown.exitCode == 2, "\(unknown)")
    }
}
