import Foundation
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
}
