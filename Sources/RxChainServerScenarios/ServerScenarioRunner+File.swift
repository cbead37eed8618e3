import Foundation
import RxChainJSON
import RxChainScenarios

extension ServerScenarioRunner {
    /// Reads the script at `file`, parses it for `domain` and runs it, collecting its events:
    /// how a test runs a scenario file in process.
    ///
    /// > Important: Reads the file with blocking I/O before the run starts.
    ///
    /// - Throws: `ScenarioScriptErrors` for a script that does not parse, the reader's error
    ///   for a file that cannot be read, what `emit` would throw.
    public static func run(file: URL, domain: Domain) async throws -> (
        result: ScenarioFileResult, events: [ScenarioEvent]
    ) {
        let script = try ScenarioParser.parse(contentsOf: file, domain: domain)
        let runner = ServerScenarioRunner(
            script: script, domain: domain, baseDirectory: file.deletingLastPathComponent())
        var events: [ScenarioEvent] = []
        let result = try await runner.run { events.append($0) }
        return (result, events)
    }

    /// Writes `text` as a script (`test.scenario`) in a fresh temporary directory, runs it like
    /// ``run(file:domain:)`` and removes the directory: how a test runs a script written inline.
    ///
    /// > Important: Writes and reads the file with blocking I/O before the run starts.
    public static func run(script text: String, domain: Domain) async throws -> (
        result: ScenarioFileResult, events: [ScenarioEvent]
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxchain-scenario-script-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("test.scenario")
        try Data(text.utf8).write(to: file)
        return try await run(file: file, domain: domain)
    }

    /// The `.scenario` files in `directory` whose `domain NAME` line names `domain`, sorted.
    ///
    /// > Important: Reads the files with blocking I/O.
    public static func scripts(in directory: URL, of domain: Domain) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".scenario"),
                let read = try? NDJSONReader.readFile(atPath: directory.appendingPathComponent(name).path)
            else { return false }
            return ScenarioParser<Domain>.declaredDomain(in: read.lines) == domain.name
        }.sorted()
    }
}
