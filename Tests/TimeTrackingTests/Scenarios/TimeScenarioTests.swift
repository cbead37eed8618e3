import Foundation
import RxChainJSON
import RxChainScenarioTesting
import RxChainScenarios
import Testing
import TimeTrackingScenarios

/// The time tracker's examples (`Examples/*.scenario` with `domain time`), run in this process
/// against the scenario's own server, with the outcome `rxchain run` reports; and the steps'
/// unhappy paths.
@Suite struct TimeScenarioTests: ServerScenarioExampleSuite {
    static var domain: TimeTrackingScenarios { TimeTrackingScenarios() }

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
            domain time
            device phone user alice
            phone: start e1 "writing"
            expect phone entries.e1.description == "reading"
            """)
        #expect(result.outcome == .failed)
        let failed = try #require(events.first { $0.status == .failed })
        #expect(failed.actual == "\"writing\"")
    }

    @Test func aMalformedStepIsAScriptErrorNamingTheLineAndTheUsage() async throws {
        let lines = [
            "domain time", "device phone user alice",
            "phone: start",
            "phone: start e1 project seven",
            "phone: stop e1",
            "phone: continue e1 e2",
            "phone: edit e1",
            "phone: edit e1 stop yesterday",
            "phone: edit e1 colour red",
            "phone: delete",
        ]
        do {
            _ = try await run(lines.joined(separator: "\n"))
            Issue.record("the script parsed")
        } catch let errors as ScenarioScriptErrors {
            #expect(errors.errors.map(\.location.line) == Array(3...10), "\(errors)")
            let messages = errors.errors.map(\.message)
            #expect(messages[0].contains("usage: DEVICE: start ID [DESCRIPTION]"), "\(messages)")
            #expect(messages[1].contains("'seven' is not a server id"), "\(messages)")
            #expect(messages[2].contains("usage: DEVICE: stop"), "\(messages)")
            #expect(messages[3].contains("usage: DEVICE: continue ID as NEW"), "\(messages)")
            #expect(messages[4].contains("usage: DEVICE: edit ID [description"), "\(messages)")
            #expect(messages[5].contains("'yesterday'"), "\(messages)")
            #expect(messages[6].contains("usage: DEVICE: edit ID"), "\(messages)")
            #expect(messages[7].contains("usage: DEVICE: delete ID"), "\(messages)")
        }
    }

    /// Reads `text` (the words after `DEVICE:`) as the domain does.
    func step(_ text: String) throws -> TimeScenarioStep {
        let words = text.split(separator: " ").map { word in
            word.hasPrefix("\"")
                ? ScenarioWord(text: String(word.dropFirst().dropLast()), isQuoted: true)
                : ScenarioWord(text: String(word), isQuoted: false)
        }
        return try TimeTrackingScenarios().parseCommand(words)
    }

    @Test func stepsReadTheirOptions() throws {
        guard case .start(let start) = try step("start e1 writing project 7 tags a,b billable") else {
            Issue.record("not a start")
            return
        }
        #expect(start.id == "e1" && start.description == "writing" && start.workspaceId == 1)
        #expect(start.projectId == 7 && start.tags == ["a", "b"] && start.billable == true)
        guard case .start(let plain) = try step("start e2 \"project\" workspace 3") else {
            Issue.record("not a start")
            return
        }
        #expect(plain.description == "project" && plain.workspaceId == 3 && plain.projectId == nil)
        guard
            case .edit(let put) = try step(
                "edit e1 project none tags none not-billable start 2026-01-01T09:00:00Z stop none")
        else {
            Issue.record("not an edit")
            return
        }
        #expect(put.id == "e1" && put.projectId == .clear && put.tags == [] && put.billable == false)
        #expect(put.start == (try Timestamp(parsing: "2026-01-01T09:00:00Z")) && put.stop == .clear)
        #expect(put.description == nil && put.taskId == .keep)
        #expect(try step("continue e1 as e2") == .continueEntry(id: "e1", newId: "e2"))
        #expect(try step("delete e1 e2") == .delete(ids: ["e1", "e2"]))
        #expect(try step("stop") == .stop)
    }

    @Test func aRefusedStepIsTheDevicesErrorAndChangesNothing() async throws {
        let (result, events) = try await run(
            """
            domain time
            device phone user alice
            phone: stop
            expect phone error contains "nothing is running"
            phone: edit e9 description "lost"
            expect phone error contains "no entry e9"
            phone: start e1 "writing"
            phone: edit e1 stop 2025-12-31T23:00:00Z
            expect phone error contains "timeEntries/put"
            expect phone entries.e1.stop == null
            expect phone count entries == 1
            expect phone pending == 1
            """)
        #expect(result.outcome == .passed, "\(events.map { "\($0.step) \($0.detail)" })")
    }

    /// The access token (15 minutes) expired: the write is turned away with a 401, the device
    /// refreshes its session and sends it again, and that request is the one whose answer is lost.
    @Test func aLostAnswerAfterTheAccessTokenExpiredStillReachesTheServerOnce() async throws {
        let (result, events) = try await run(
            """
            domain time
            device phone user alice
            phone: start e1 "writing"
            advance 1h
            fault lost response
            sync phone
            expect server log server/services/time-entries == 1
            expect phone entries.e1.remoteId == 1
            advance 1h
            phone: stop
            crash phone during sync after write
            expect server log server/services/time-entries == 2
            expect phone pending == 1
            sync phone
            expect server log server/services/time-entries == 2
            expect phone pending == 0
            expect phone == server
            """)
        #expect(result.outcome == .passed, "\(events.map { "\($0.step) \($0.detail) \($0.diff)" })")
    }

    /// The phone's entry, held by a 400, still runs when the pull brings the laptop's later one:
    /// the merge stops it, marked modified at the scenario's time (not the machine's, which would
    /// be later than every change the server makes in the script and hide them from the phone).
    @Test func aMergeOnADeviceReadsTheScenariosClock() async throws {
        let (result, events) = try await run(
            """
            domain time
            device phone user alice
            device laptop user alice
            clock 2026-03-02T09:00:00Z
            phone: start e1 "planning"
            fault status 400
            sync phone
            advance 10m
            laptop: start e2 "coding"
            sync laptop
            advance 1m
            sync phone
            expect phone running == r1
            expect phone entries.e1.stop == "2026-03-02T09:10:00Z"
            expect phone entries.e1.modifiedAt == "2026-03-02T09:11:00Z"
            advance 5m
            sync laptop
            laptop: edit r2 description "planning (edited)"
            sync laptop phone
            expect phone entries.e1.description == "planning (edited)"
            expect phone == laptop
            expect phone == server
            """)
        #expect(result.outcome == .passed, "\(events.map { "\($0.step) \($0.detail) \($0.diff)" })")
    }

    @Test func anUnsyncedEditMakesTheDevicesDiffer() async throws {
        let (result, events) = try await run(
            """
            domain time
            device phone user alice
            device laptop user alice
            phone: start e1 "writing"
            sync phone laptop
            expect phone == laptop
            phone: edit e1 description "reading"
            expect phone == laptop
            expect phone == server
            sync phone laptop
            expect phone == laptop
            expect laptop == server
            """)
        #expect(result.outcome == .failed)
        let failed = events.filter { $0.status == .failed }.compactMap(\.line)
        #expect(failed == [8, 9], "\(events.map { "\($0.step) \($0.detail) \($0.diff)" })")
    }

    /// Two changes of one entry in the same second, before its create is answered: the create
    /// carries the first, and its ack must not settle the entry (the second would be lost on the
    /// device and on the server).
    @Test func aSecondChangeInTheSameSecondAsTheCreateReachesTheServer() async throws {
        let (result, events) = try await run(
            """
            domain time
            device phone user alice
            device laptop user alice
            phone: start e1 "planning"
            phone: edit e1 description "planning v2"
            sync phone
            expect phone entries.e1.description == "planning v2"
            expect phone entries.e1.syncState == synced
            sync laptop
            expect laptop entries.r1.description == "planning v2"
            expect phone == server
            expect phone == laptop
            """)
        #expect(
            result.outcome == .passed,
            "\(events.filter { $0.status != .ok }.map { "\($0.step) \($0.detail) \($0.actual ?? "")" })")
    }
}
