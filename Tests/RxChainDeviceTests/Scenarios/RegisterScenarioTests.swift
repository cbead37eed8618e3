import Foundation
import RxChainJSON
import RxChainScenarios
import RxChainTestFixtures
import Testing

/// Scripts driving the toy register through the engine's scenario runner, in this process:
/// a domain without steps of its own records with `DEVICE: send {…}`.
@Suite struct RegisterScenarioTests {
    static let script = """
        scenario "Register: two devices, a crash, time travel"
        domain register
        device phone
        device laptop
        phone: send {"type":"register/set","payload":{"key":"a","value":"one"}}
        laptop: {"type":"register/set","payload":{"key":"a","value":"two"}}
        laptop: send {"type":"register/remove","payload":{"key":"zz"}}
        phone: send {"type":"register/set","payload":{"key":"b"}}
        expect phone error contains "payload.value: missing"
        phone: send {"type":"register/set","payload":{"key":"","value":"x"}}
        expect phone error contains "payload.key"
        expect laptop pending == 1
        sync phone laptop phone
        expect phone == laptop
        expect phone == playbook
        expect phone sync.deviceID == phone
        expect laptop sync.deviceID == laptop
        expect playbook values.a == two
        expect playbook lines == 2
        crash laptop
        expect laptop == playbook
        offline phone
        phone: send {"type":"register/clear","payload":{}}
        expect phone count values == 0
        expect phone pending == 1
        online phone
        sync phone laptop
        expect laptop == playbook
        expect playbook count values == 0
        expect playbook upto 1 values.a == one
        expect playbook upto 2 values.a == two
        """

    /// Parses and runs `text` for the register, collecting its events.
    static func run(_ text: String, environment: [String: String] = [:]) async throws -> (
        ScenarioFileResult, [ScenarioEvent]
    ) {
        let script = try ScenarioParser.parse(lines(text), file: "register.scenario", domain: RegisterDomain())
        let runner = ScenarioRunner(
            script: script, domain: RegisterDomain(), baseDirectory: FileManager.default.temporaryDirectory,
            environment: environment)
        var events: [ScenarioEvent] = []
        let result = try await runner.run { events.append($0) }
        return (result, events)
    }

    /// The script's lines, as the runner reads a file.
    static func lines(_ text: String) -> [NDJSONLine] {
        var reader = NDJSONReader()
        return reader.feed(Data((text + "\n").utf8))
    }

    static func failures(_ events: [ScenarioEvent]) -> [String] {
        events.filter { $0.status == .failed || $0.status == .error }.map { "\($0.line ?? 0): \($0.step) \($0.detail)" }
    }

    @Test func aScriptRunsWithTheGenericSendStep() async throws {
        let (result, events) = try await Self.run(Self.script)
        #expect(result.outcome == .passed, "\(Self.failures(events))")
        #expect(result.expectationsPassed == 16 && result.expectationsFailed == 0)
        let ignored = events.first { $0.step.hasPrefix("laptop: send") }
        #expect(ignored?.detail == ["no key 'zz'"])
    }

    /// A failed expectation fails the run: the runner really compares the register.
    @Test func aWrongExpectationFails() async throws {
        let (result, events) = try await Self.run(Self.script + "\nexpect playbook values.a == three")
        #expect(result.outcome == .failed && result.expectationsFailed == 1)
        #expect(events.last?.status == .failed)
    }

    /// The register has no steps of its own: a verb is a script error naming `send`.
    @Test func aStepOfItsOwnIsAScriptError() {
        #expect {
            _ = try ScenarioParser.parse(
                Self.lines("device phone\nphone: set a 1"), file: "x.scenario", domain: RegisterDomain())
        } throws: { error in
            "\(error)".contains("unknown message 'set'") && "\(error)".contains("send")
        }
    }

    @Test(.enabled(if: S3TestServer.endpoint != nil, "needs RXCHAIN_S3_ENDPOINT (the SeaweedFS of .ci/seaweedfs)"))
    func theScriptRunsAgainstS3() async throws {
        let environment = ProcessInfo.processInfo.environment
        for remote in ["remote s3 s3://playbooks/register/", "remote s3 s3://playbooks/register/playbook.ndjson"] {
            let text = Self.script.replacingOccurrences(of: "domain register\n", with: "domain register\n\(remote)\n")
            let (result, events) = try await Self.run(text, environment: environment)
            #expect(result.outcome == .passed, "\(remote): \(result.reason ?? "") \(Self.failures(events))")
            #expect(result.expectationsPassed == 16)
        }
    }
}
