import Foundation
import Testing

/// `rxchain time stop` and `edit` refused on the device (`TimeTrackingDevice`'s checks, shared
/// with the scenarios): exit 1, the reason on stderr, nothing recorded.
@Suite struct TimeRefusedCommandTests {
    func time(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["time"] + arguments, environment: ["NO_COLOR": "1"])
    }

    @Test func stopWithNothingRunningAndEditOfAnUnknownEntryRecordNothing() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("time-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let stop = try await time(["stop", "--store", store.path])
        #expect(stop.exitCode == 1, "\(stop)")
        #expect(stop.stderr.contains("rejected: timeEntries/stop: nothing is running"), "\(stop.stderr)")
        let edit = try await time(["edit", "e9", "--description", "lost", "--store", store.path])
        #expect(edit.exitCode == 1, "\(edit)")
        #expect(edit.stderr.contains("no entry e9"), "\(edit.stderr)")
        let status = try await time(["status", "--json", "--store", store.path])
        #expect(status.exitCode == 0, "\(status)")
        #expect(status.stdout.contains(#""pending":0"#), "\(status.stdout)")
        #expect(status.stdout.contains(#""state":"local""#), "\(status.stdout)")
    }
}
