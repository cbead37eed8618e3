import Foundation
import RxChainScenarioTesting
import RxChainScenarios
import Testing
import TodoListsScenarios

/// The TODO examples (`Examples/*.scenario` with `domain todo`), run in this process against the
/// scenario's own server, with the outcome `rxchain run` reports; and the steps' unhappy paths.
@Suite struct TodoScenarioTests: ServerScenarioExampleSuite {
    static var domain: TodoListsScenarios { TodoListsScenarios() }

    @Test func thereAreAtLeastFourExamples() {
        expectExamples(atLeast: 4)
    }

    @Test(arguments: scenarios)
    func exampleRunsInProcess(_ name: String) async throws {
        try await expectExamplePasses(name)
    }

    @Test func aWrongExpectationFailsNamingTheValue() async throws {
        let (result, events) = try await run(
            """
            domain todo
            device alice
            alice: new L1 "Groceries"
            expect alice lists.0.name == "Shopping"
            """)
        #expect(result.outcome == .failed)
        let failed = try #require(events.first { $0.status == .failed })
        #expect(failed.actual == "\"Groceries\"")
    }

    @Test func playbookStepsAreScriptErrorsNamingTheLine() async throws {
        let lines = [
            "domain todo", "device alice", "remote directory x", "playbook append {}", "alice: send {}",
            "fault conflict", "crash alice during sync after download", "expect playbook lines == 1",
            "alice: frobnicate L1", "device étienne",
        ]
        do {
            _ = try await run(lines.joined(separator: "\n"))
            Issue.record("the script parsed")
        } catch let errors as ScenarioScriptErrors {
            #expect(errors.errors.map(\.location.line) == Array(3...10), "\(errors)")
            #expect(errors.errors[0].message.contains("no playbook"), "\(errors)")
            #expect(errors.errors[6].message.contains("unknown message 'frobnicate'"), "\(errors)")
            #expect(errors.errors[7].message.contains("add 'user USER'"), "\(errors)")
        }
    }

    @Test func aRefusedStepIsTheDevicesErrorAndChangesNothing() async throws {
        let (result, events) = try await run(
            """
            domain todo
            device alice
            alice: accept r9
            expect alice error contains "no request r9"
            alice: share L1 alice as r1
            expect alice error contains "yourself"
            alice: new a/b "Slashed"
            expect alice error contains "list:a/b names a list or user that is empty or holds a '/'"
            expect alice pending == 0
            """)
        #expect(result.outcome == .passed, "\(events.map { "\($0.step) \($0.detail)" })")
    }
}
