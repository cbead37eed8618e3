import Foundation
import Testing

/// `rxchain time replay` end to end, through the built executable, in temporary directories.
@Suite struct TimeReplayCommandTests {
    static let log =
        [
            #"{"type":"timeEntries/start","payload":{"id":"a","at":"2024-05-01T10:00:00.700Z","workspaceId":1,"description":"write"}}"#,
            #"{"type":"sync/ack","payload":{"id":"a","kind":"create","remoteId":11,"sentModifiedAt":"2024-05-01T10:00:00.700Z","serverAt":"2024-05-01T10:00:01Z"}}"#,
            #"{"type":"timeEntries/stop","payload":{"id":"a","at":"soon"}}"#,
            #"{"type":"timeEntries/start","payload":{"id":"b","at":"2024-05-01T12:30:00+02:00","workspaceId":2,"tags":["x"]}}"#,
            #"{"type":"timeEntries/stop","payload":{"id":"a","at":"2024-05-01T11:00:00Z"}}"#,
        ].joined(separator: "\n") + "\n"

    /// A fresh directory, removed by `body`'s end.
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("time-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    func time(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["time"] + arguments, environment: ["NO_COLOR": "1"])
    }

    @Test func replayPrintsTheSpecsObjectAndReportsABadLineOnStderr() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("time.ndjson")
            try Data(Self.log.utf8).write(to: file)
            let result = try await time(["replay", file.path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            let expected =
                #"{"entries":{"#
                + #""a":{"billable":false,"description":"write","id":"a","modifiedAt":"2024-05-01T12:30:00+02:00","#
                + #""projectId":null,"remoteId":11,"start":"2024-05-01T10:00:00Z","stop":"2024-05-01T10:30:00Z","#
                + #""syncState":"updatePending","tags":[],"taskId":null,"workspaceId":1},"#
                + #""b":{"billable":false,"description":"","id":"b","modifiedAt":"2024-05-01T12:30:00+02:00","#
                + #""projectId":null,"remoteId":null,"start":"2024-05-01T10:30:00Z","stop":null,"#
                + #""syncState":"createPending","tags":["x"],"taskId":null,"workspaceId":2}},"#
                + #""running":"b"}"#
            #expect(result.stdout == expected + "\n")
            #expect(result.stderr.contains("line 3: payload.at:"), "\(result.stderr)")
            #expect(result.stderr.contains("3 applied, 1 ignored, 1 invalid"), "\(result.stderr)")
        }
    }

    @Test func replayUptoStopsAfterLineN() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("time.ndjson")
            try Data(Self.log.utf8).write(to: file)
            let result = try await time(["replay", "--upto", "2", file.path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            let expected =
                #"{"entries":{"a":{"billable":false,"description":"write","id":"a","#
                + #""modifiedAt":"2024-05-01T10:00:00.700Z","projectId":null,"remoteId":11,"#
                + #""start":"2024-05-01T10:00:00Z","stop":null,"syncState":"synced","tags":[],"taskId":null,"#
                + #""workspaceId":1}},"running":"a"}"#
            #expect(result.stdout == expected + "\n")
            #expect(!result.stderr.contains("line 3"))
        }
    }

    @Test func replayWithoutJSONPrintsATable() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("time.ndjson")
            try Data(Self.log.utf8).write(to: file)
            let result = try await time(["replay", file.path])
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout.contains("running: b"))
            #expect(result.stdout.contains("2024-05-01T10:30:00Z  (running)"))
        }
    }

    @Test func anUnknownTypeIsReportedNamingTheField() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("time.ndjson")
            try Data((#"{"type":"timeEntries/pause","payload":{}}"# + "\n").utf8).write(to: file)
            let result = try await time(["replay", file.path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout == #"{"entries":{},"running":null}"# + "\n")
            #expect(result.stderr.contains("line 1: type:"), "\(result.stderr)")
        }
    }

    @Test func aMissingFileFails() async throws {
        let missing = "/nonexistent-\(UUID().uuidString)/time.ndjson"
        let result = try await time(["replay", missing, "--json"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot read '\(missing)'"), "\(result.stderr)")
    }

    @Test func helpWorksForTheGroupAndTheCommand() async throws {
        let group = try await time(["--help"])
        #expect(group.exitCode == 0, "\(group)")
        #expect(group.stdout.contains("replay"))
        let command = try await time(["replay", "--help"])
        #expect(command.exitCode == 0, "\(command)")
        #expect(command.stdout.contains("--upto N"))
        #expect(command.stdout.contains(#"{"entries":{id:entry},"running":id|null}"#))
    }
}
