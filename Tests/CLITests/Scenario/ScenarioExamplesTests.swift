import Foundation
import Testing

/// Every `Examples/*.scenario` runs through the built `rxchain run` and passes, so the
/// examples cannot rot; and the README documents every tag the ledger's reducer handles.
@Suite struct ScenarioExamplesTests {
    /// The package root: three levels above this file (Tests/CLITests/Scenario/…).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var examples: [String] {
        let directory = packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted()
    }

    @Test func thereAreExamples() {
        #expect(Self.examples.count >= 9, "\(Self.examples)")
    }

    @Test(arguments: examples)
    func examplePasses(_ name: String) async throws {
        let result = try await CLIRunner().run(
            ["run", "Examples/\(name)"], environment: ["NO_COLOR": "1"], workingDirectory: Self.packageRoot)
        #expect(result.exitCode == 0, "\(result)")
        let last = result.stdoutLines.last { !$0.isEmpty } ?? ""
        #expect(last.hasPrefix("1 scenario files: "), "\(result)")
        #expect(!result.stdout.contains("FAIL"), "\(result)")
    }

    @Test func everyExampleStartsWithACommentHeader() throws {
        for name in Self.examples {
            let text = try String(
                contentsOf: Self.packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
            #expect(text.hasPrefix("# "), "\(name) must start with a comment saying what it shows")
        }
    }

    /// Every tag registered in `LedgerReducer.reducer` appears in the ledger's article (its table
    /// of actions), README.md or a diagram.
    @Test func everyReducerTagIsDocumented() async throws {
        let result = try await CLIRunner().run(["_debug", "tags"])
        #expect(result.exitCode == 0, "\(result)")
        let tags = result.stdoutLines.filter { !$0.isEmpty }
        #expect(tags.contains("transactions/put") && tags.contains("screen/route"), "\(result)")
        var documentation =
            (try? String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        documentation +=
            (try? String(
                contentsOf: Self.packageRoot.appendingPathComponent("Sources/Ledger/Ledger.docc/TheLedger.md"),
                encoding: .utf8)) ?? ""
        let diagrams = Self.packageRoot.appendingPathComponent("Diagrams")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: diagrams.path)) ?? []
        where name.hasSuffix(".md") {
            documentation += (try? String(contentsOf: diagrams.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        let missing = tags.filter { !documentation.contains("`\($0)`") }
        #expect(
            missing.isEmpty,
            "tags missing from the ledger article's table of actions, README.md and Diagrams/*.md: \(missing)")
    }
}
