import Foundation
import RxChainJSON
import RxChainTestFixtures
import Testing

@testable import RxChainScenarios

/// Reading scripts: what the parser makes of a line, and the errors it names.
@Suite struct ScenarioParserTests {
    static func parse(_ text: String) throws(ScenarioScriptErrors) -> ScenarioScript<Never> {
        try ScenarioParser.parse(RegisterScenarioTests.lines(text), file: "test.scenario", domain: RegisterDomain())
    }

    @Test func playbookAppendKeepsTheRestOfTheLineAsWritten() throws {
        let script = try Self.parse(
            "device phone\nplaybook append   {\"type\": \"append\"} \nexpect phone pending == 0")
        guard case .appendToPlaybook(let line) = try #require(script.steps.first).action else {
            Issue.record("\(script.steps)")
            return
        }
        #expect(line == #"{"type": "append"}"#)
    }

    /// Found while writing `Fuzz/FuzzScenario` (which then trapped on it): an `append` spelled
    /// with an escape (`"\u0061ppend"`) is not in the line, and finding it trapped.
    @Test(arguments: [#"playbook "\u0061ppend" {"a":1}"#, #"playbook "append" {"a":1}"#])
    func aQuotedAppendIsAUsageError(line: String) {
        #expect {
            try Self.parse("device phone\n" + line)
        } throws: { error in
            let errors = (error as? ScenarioScriptErrors)?.errors ?? []
            return errors.count == 1 && errors[0].location.line == 2 && errors[0].message.hasPrefix("usage: playbook")
        }
    }

    /// Found by `Fuzz/FuzzScenario` (an empty input broke its "every error names a line of the
    /// script" property): an empty script checks nothing, and says so at line 1.
    @Test func anEmptyScriptChecksNothingAndSaysSoAtLineOne() {
        #expect {
            try Self.parse("")
        } throws: { error in
            let errors = (error as? ScenarioScriptErrors)?.errors ?? []
            return errors.count == 1 && errors[0].location.line == 1
                && errors[0].message.hasPrefix("the scenario checks nothing")
        }
    }

    /// A script read from a file and the same text parse alike, as the runner reads files: CRLF
    /// line ends, and a last line without a newline counts (a script is complete).
    @Test func aScriptParsesAlikeFromAFileAndFromItsText() throws {
        let text = """
            scenario "from a file"\r
            device phone\r
            phone: send {"type":"register/set","payload":{"key":"a","value":"one"}}\r
            expect phone pending == 1
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-parse-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file.scenario")
        try Data(text.utf8).write(to: file)

        let fromFile = try ScenarioParser.parse(contentsOf: file, domain: RegisterDomain())
        let fromText = try ScenarioParser.parse(text, file: "file.scenario", domain: RegisterDomain())
        for script in [fromFile, fromText] {
            #expect(script.file == "file.scenario")
            #expect(script.title == "from a file")
            #expect(script.devices.map(\.name) == ["phone"])
            #expect(script.steps.map(\.location.line) == [3, 4])
            #expect(script.steps.last?.isExpectation == true)
        }
    }

    @Test func aScriptFileThatCannotBeReadIsAnErrorNamingIt() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-missing-\(UUID()).scenario")
            .path
        #expect(throws: NDJSONFileError(path: path, problem: .notFound)) {
            try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: path), domain: RegisterDomain())
        }
    }

    @Test func aScriptWithErrorsFromTextNamesTheirLinesInTheFileGiven() {
        #expect {
            try ScenarioParser.parse(
                "device phone\nfrobnicate\nexpect phone pending == 0", file: "inline.scenario", domain: RegisterDomain()
            )
        } throws: { error in
            let errors = (error as? ScenarioScriptErrors)?.errors ?? []
            return errors.map(\.location) == [ScenarioLocation(file: "inline.scenario", line: 2)]
        }
    }
}
