import Foundation
import RxChainTestFixtures
import RxChainTesting
import Testing

@testable import RxChainLogs

/// The engine's replay of a domain that is only its rules (the toy register): on one thread
/// or many, to the end or `upto` a line, with `actionId` de-duplication.
@Suite struct RegisterReplayTests {
    static let parallelisms = [
        ReplayParallelism(parts: 2, minimumBatch: 1), ReplayParallelism(parts: 4, minimumBatch: 16),
        ReplayParallelism(parts: 8, minimumBatch: 1),
    ]

    @Test func parallelReplayEqualsSequentialReplay() throws {
        try forAll(RegisterPlaybook.gen, iterations: 40) { playbook in
            let sequential = playbook.replay(.sequential)
            return Self.parallelisms.allSatisfy { playbook.replay($0).isSame(as: sequential) }
        }
    }

    /// The generator reaches every outcome the property compares (else it would prove little).
    @Test func generatedPlaybooksHoldEveryKindOfLine() {
        var total = ReplayCounts()
        var torn = 0
        for playbook in RegisterPlaybook.gen.samples(count: 30, seed: 17) {
            let replay = playbook.replay(.sequential)
            total.applied += replay.counts.applied
            total.ignored += replay.counts.ignored
            total.invalid += replay.counts.invalid
            total.blank += replay.counts.blank
            total.duplicates += replay.counts.duplicates
            total.clashes += replay.counts.clashes
            torn += replay.tornLine == nil ? 0 : 1
        }
        #expect(total.applied > 100 && total.ignored > 10 && total.invalid > 10, "\(total)")
        #expect(total.blank > 0 && total.duplicates > 10 && total.clashes > 10 && torn > 0, "\(total)")
    }

    /// `upto: N` is the replay of the first N lines, on one thread or many.
    @Test func replayUptoIsTheReplayOfTheFirstLines() throws {
        try forAll(RegisterPlaybook.gen, iterations: 25) { playbook in
            let text = playbook.text
            let newlines = text.indices.filter { text[$0] == 0x0A }
            return [0, 1, newlines.count / 3, newlines.count, newlines.count + 5].allSatisfy { upto in
                let complete = min(upto, newlines.count)  // a playbook may hold no whole line
                let prefix = complete == 0 ? [] : Array(text[...newlines[complete - 1]])
                let first = PlaybookReplay.replay(Data(prefix), domain: RegisterDomain())
                let sequential = playbook.replay(.sequential, upto: upto)
                let parallel = playbook.replay(ReplayParallelism(parts: 4, minimumBatch: 1), upto: upto)
                return sequential.state == first.state && sequential.counts == first.counts
                    && sequential.diagnostics == first.diagnostics && parallel.isSame(as: sequential)
            }
        }
    }

    @Test func timeTravelShowsTheRegisterAsItWas() {
        let text = Data(
            """
            {"type":"register/set","payload":{"key":"a","value":"1"}}
            {"type":"register/set","payload":{"key":"b","value":"2"}}
            {"type":"register/set","payload":{"key":"a","value":"3"}}
            {"type":"register/remove","payload":{"key":"b"}}
            {"type":"register/clear","payload":{}}
            {"type":"register/set","payload":{"key":"c","value":"4"}}

            """.utf8)
        let states = (0...6).map { PlaybookReplay.replay(text, domain: RegisterDomain(), upto: $0).state.values }
        #expect(states[0] == [:])
        #expect(states[1] == ["a": "1"])
        #expect(states[2] == ["a": "1", "b": "2"])
        #expect(states[3] == ["a": "3", "b": "2"])
        #expect(states[4] == ["a": "3"])
        #expect(states[5] == [:])
        #expect(states[6] == ["c": "4"])
        #expect(PlaybookReplay.replay(text, domain: RegisterDomain(), upto: 4).counts.linesRead == 4)
    }

    /// The first line of an actionId wins; the same bytes again are a duplicate, other bytes a clash.
    @Test func theFirstLineOfAnActionIdWins() {
        let text = Data(
            """
            {"type":"register/set","payload":{"key":"a","value":"1"},"actionId":"phone:1"}
            {"type":"register/set","payload":{"key":"a","value":"1"},"actionId":"phone:1"}
            {"type":"register/set","payload":{"key":"a","value":"2"},"actionId":"phone:1"}
            {"type":"register/remove","payload":{"key":"zz"},"actionId":"phone:2"}
            {"type":"register/set","payload":{"key":"","value":"1"},"actionId":"phone:3"}
            {"type":"register/set","payload":{"key":"b","value":"1"},"actionId":"laptop:1"}

            """.utf8)
        for parallelism in [ReplayParallelism.sequential] + Self.parallelisms {
            var replay = PlaybookReplay(domain: RegisterDomain(), parallelism: parallelism)
            replay.feed(text)
            #expect(replay.state.values == ["a": "1", "b": "1"], "\(parallelism)")
            var counts = ReplayCounts()
            (counts.linesRead, counts.applied, counts.ignored, counts.invalid) = (6, 2, 1, 1)
            (counts.duplicates, counts.clashes) = (1, 1)
            #expect(replay.counts == counts, "\(parallelism)")
            #expect(
                replay.diagnostics.map(\.reason) == [
                    "line 2: duplicate of an earlier line with actionId phone:1",
                    "line 3: actionId phone:1 is already taken by an earlier, different line (a clash)",
                    "line 5: payload.key: empty",
                ], "\(parallelism)")
        }
    }
}
