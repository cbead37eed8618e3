import Foundation
import LedgerScenarios
import RxChainJSON
import RxChainScenarios
import Testing

@testable import Ledger

/// The example scenarios, run in this process (no executable): the ledger's step sugar and
/// the engine's scenario runner, with the same outcome `rxchain run` reports.
@Suite struct LedgerScenarioTests {
    static let examples: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// The ledger's examples: the scripts that name no domain or the ledger.
    static var scenarios: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
            .filter { name in
                guard name.hasSuffix(".scenario"),
                    let read = try? NDJSONReader.readFile(atPath: examples.appendingPathComponent(name).path)
                else { return false }
                let domain = ScenarioParser<LedgerDomain>.declaredDomain(in: read.lines) ?? LedgerDomain().name
                return domain == LedgerDomain().name
            }.sorted()
    }

    /// Parses and runs `file` for the ledger, collecting its events.
    static func run(_ file: URL, environment: [String: String] = [:]) async throws -> (
        ScenarioFileResult, [ScenarioEvent]
    ) {
        let read = try NDJSONReader.readFile(atPath: file.path)
        let lines = read.lines + (read.tornLine.map { [$0] } ?? [])
        let script = try ScenarioParser.parse(lines, file: file.lastPathComponent, domain: LedgerDomain())
        let base = file.deletingLastPathComponent()
        let runner = ScenarioRunner(
            script: script, domain: LedgerDomain(), baseDirectory: base, environment: environment,
            playbookFiles: ScenarioRunner<LedgerDomain>.readPlaybookFiles(of: script, baseDirectory: base))
        var events: [ScenarioEvent] = []
        let result = try await runner.run { events.append($0) }
        return (result, events)
    }

    @Test(arguments: scenarios)
    func exampleRunsInProcess(_ name: String) async throws {
        let environment = ProcessInfo.processInfo.environment
        let (result, events) = try await Self.run(Self.examples.appendingPathComponent(name), environment: environment)
        let failures = events.filter { $0.status == .failed || $0.status == .error }
        if name == "s3-remote.scenario", (environment["RXCHAIN_S3_ENDPOINT"] ?? "").isEmpty {
            #expect(result.outcome == .skipped, "\(result)")
            return
        }
        #expect(result.outcome == .passed, "\(name): \(failures.map { "\($0.line ?? 0): \($0.step) \($0.detail)" })")
        #expect(result.expectationsPassed > 0 && result.expectationsFailed == 0)
    }

    /// `DEVICE: send {…}` records one playbook line through the ledger's reader, on every domain.
    @Test func sendRecordsARawLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-scenario-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("send.scenario")
        try Data(
            """
            domain ledger
            device phone
            phone: send {"type":"categories/new","payload":"Food"}
            phone: send {"type":"nope"}
            expect phone error contains "type"
            sync phone
            expect playbook categories == ["Food"]
            """.utf8
        ).write(to: file)
        let (result, events) = try await Self.run(file)
        #expect(result.outcome == .passed, "\(events.map { "\($0.step) \($0.status) \($0.detail)" })")
    }
}
