import Foundation
import Testing

@Suite struct VersionCommandTests {
    @Test func printsTheVersion() async throws {
        let result = try await CLIRunner().run(["version"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdoutLines.first?.isEmpty == false)
        #expect(result.stderr.isEmpty)
    }

    @Test func printsTheVersionAsJSON() async throws {
        let text = try await CLIRunner().run(["version"]).stdout
        let json = try await CLIRunner().run(["version", "--json"])
        #expect(json.exitCode == 0, "\(json)")
        struct Output: Decodable { var version: String }
        let decoded = try JSONDecoder().decode(Output.self, from: Data(json.stdout.utf8))
        #expect(decoded.version + "\n" == text)
        #expect(json.stdoutLines.count == 1)
    }

    @Test func rejectsAValueForItsFlag() async throws {
        let result = try await CLIRunner().run(["version", "--json=yes"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("option '--json' is a flag and takes no value"))
        #expect(result.stdout.isEmpty)
    }

    @Test func rejectsPositionalArguments() async throws {
        let result = try await CLIRunner().run(["version", "extra"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("rxchain version: unexpected argument 'extra'"))
    }
}
