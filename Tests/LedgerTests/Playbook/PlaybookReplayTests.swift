import Foundation
import RxChainLogs
import Testing

@testable import Ledger

@Suite struct PlaybookReplayTests {
    static let lines = [
        #"{"type":"categories/new","payload":"Food"}"#,
        #"{"type":"transactions/put","payload":{"id":"a","charge":10,"category":"Food","modifiedAt":"2024-05-01T10:00:00Z"},"actionId":"phone:1"}"#,
        #"{"type":"transactions/put","payload":{"id":"a","charge":12,"modifiedAt":"2024-05-01T09:00:00Z"},"actionId":"phone:2"}"#,
        #"{"type":"transactions/put","payload":{"id":"a","charge":15,"modifiedAt":"2024-05-01T11:00:00Z"},"actionId":"phone:2"}"#,
        #"{"type":"categories/rename","payload":{"from":"Food","to":"Meals"},"actionId":"laptop:1"}"#,
        #"{"type":"transactions/put","payload":{"id":"b","charge":1,"modifiedAt":"2024-05-01T10:00:00Z"},"actionId":"phone:1"}"#,
        #"{"type":"transactions/delete","payload":{"id":"a","deletedAt":"2024-05-01T12:00:00Z"},"actionId":"phone:3"}"#,
    ]

    static let expected = ReplicatedLedger(
        categories: ["Meals"],
        transactions: ["a": Transaction(id: "a", deletedAt: ts("2024-05-01T12:00:00Z"))])

    @Test func appliesTheFirstLineOfEachActionIDAndReportsLaterOnesAsClashes() {
        let replay = LedgerReplay.replay(Data((Self.lines.joined(separator: "\n") + "\n").utf8))
        #expect(replay.ledger == Self.expected)
        var counts = ReplayCounts()
        (counts.linesRead, counts.applied, counts.ignored, counts.clashes) = (7, 4, 1, 2)
        #expect(replay.counts == counts)
        #expect(replay.actionIDs.count == 4)
        #expect(
            replay.actionIDs.digest(of: ActionID(deviceID: "phone", seq: 2)) == LineDigest.of(Array(Self.lines[2].utf8))
        )
        #expect(
            replay.diagnostics.map(\.reason) == [
                "line 4: actionId phone:2 is already taken by an earlier, different line (a clash)",
                "line 6: actionId phone:1 is already taken by an earlier, different line (a clash)",
            ])
        #expect(replay.tornLine == nil)
    }

    @Test func aLineSentTwiceIsADuplicateWhateverItsLineEnd() {
        let line = Self.lines[1]
        let replay = LedgerReplay.replay(Data((line + "\n" + line + "\r\n").utf8))
        #expect(replay.counts.applied == 1 && replay.counts.duplicates == 1 && replay.counts.clashes == 0)
        #expect(replay.diagnostics.map(\.reason) == ["line 2: duplicate of an earlier line with actionId phone:1"])
    }

    /// One hostile line far ahead of a device's numbering claims only its own actionId: the
    /// device's next million actions are all applied (a per-device high-water mark would drop them).
    @Test func aLineFarAheadSuppressesNoOtherActionOfItsDevice() {
        var text = #"{"type":"categories/new","payload":"Hostile","actionId":"phone:1000000"}"# + "\n"
        for seq in 1...3_000 {
            text +=
                #"{"type":"transactions/put","payload":{"id":"t\#(seq)","charge":1,"modifiedAt":"2024-05-01T10:00:00Z"},"actionId":"phone:\#(seq)"}"#
                + "\n"
        }
        for replay in [LedgerReplay.replay(Data(text.utf8)), Self.lineByLine(text)] {
            #expect(replay.ledger.transactions.count == 3_000)
            #expect(replay.counts.applied == 3_001 && replay.counts.duplicates == 0 && replay.counts.clashes == 0)
            #expect(replay.actionIDs.highestSeq(of: "phone") == 1_000_000 && replay.actionIDs.count == 3_001)
        }
    }

    /// Replays `text` one line per feed (never a parallel batch).
    static func lineByLine(_ text: String) -> LedgerReplay {
        var replay = LedgerReplay()
        for line in text.split(separator: "\n") { replay.feed(Data((line + "\n").utf8)) }
        return replay
    }

    @Test func toleratesCRLFBlankTornAndGarbageLinesAndReportsTheirNumbers() {
        let text =
            Self.lines[0] + "\r\n\r\n   \n{not json}\r\n" + Self.lines[1] + "\n"
            + #"{"type":"transactions/put","payload":{"id":"c","charge":"x","modifiedAt":"2024-05-01T10:00:00Z"}}"#
            + "\n\u{1}\u{FF}garbage\n" + #"{"type":"categories/new","payload":"Torn"#
        let replay = LedgerReplay.replay(Data(text.utf8))
        #expect(replay.ledger.categories == ["Food"])
        #expect(replay.ledger.transactions.keys.sorted() == ["a"])
        #expect(replay.diagnostics.map(\.line) == [4, 6, 7])
        #expect(replay.diagnostics[0].text == "{not json}")
        #expect(replay.diagnostics[1].reason == "line 6: payload.charge: expected a number, found a string")
        #expect(
            replay.tornLine
                == ReplayDiagnostic(
                    line: 8, problem: .torn, text: #"{"type":"categories/new","payload":"Torn"#))
        #expect(replay.allDiagnostics.count == 4)
        #expect(replay.counts.linesRead == 7 && replay.counts.blank == 2 && replay.counts.invalid == 3)
        #expect(
            replay.consumedBytes == text.utf8.count - #"{"type":"categories/new","payload":"Torn"#.utf8.count)
    }

    @Test func uptoStopsAfterLineN() {
        let data = Data((Self.lines.joined(separator: "\n") + "\n").utf8)
        let atTwo = LedgerReplay.replay(data, upto: 2)
        #expect(atTwo.counts.linesRead == 2 && atTwo.reachedLimit)
        #expect(
            atTwo.ledger
                == ReplicatedLedger(
                    categories: ["Food"],
                    transactions: ["a": record("a", 10, category: "Food", modified: "2024-05-01T10:00:00Z")]))
        #expect(atTwo.consumedBytes == Self.lines[0].utf8.count + Self.lines[1].utf8.count + 2)
        #expect(LedgerReplay.replay(data, upto: 0).counts.linesRead == 0)
        #expect(LedgerReplay.replay(data, upto: 100).ledger == Self.expected)
    }

    @Test func replaysAFileInSmallChunksAndResumesFromTheConsumedOffset() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledger-replay-\(UUID()).ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        let head = Self.lines[0..<4].joined(separator: "\n") + "\n" + Self.lines[4].prefix(20)
        try Data(head.utf8).write(to: url)
        var replay = try LedgerReplay.replay(contentsOf: url, chunkSize: 7)
        #expect(replay.counts.linesRead == 4 && replay.tornLine?.line == 5)
        try Data((Self.lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        try replay.continueReading(contentsOf: url, chunkSize: 5)
        #expect(replay.ledger == Self.expected && replay.tornLine == nil && replay.counts.linesRead == 7)
        #expect(replay.counts.clashes == 2 && replay.counts.duplicates == 0)
    }

    /// Random playbooks (valid lines, garbage, duplicates, CRLF) split at every byte offset.
    @Test(arguments: [7, 8, 9] as [UInt64])
    func incrementalReplayEqualsFullReplayAtEverySplit(seed: UInt64) {
        var generator = LineGenerator(seed: seed)
        var text: [UInt8] = []
        for index in 0..<16 {
            var line =
                generator.chance(80)
                ? Array(generator.line().utf8) : generator.mutate(Array(generator.line().utf8))
            if index % 2 == 0 { line = Array(Self.lines[index / 2 % Self.lines.count].utf8) }
            text += line.filter { $0 != 0x0A } + (generator.chance(20) ? [0x0D, 0x0A] : [0x0A])
        }
        let full = LedgerReplay.replay(Data(text))
        for split in 0...text.count {
            var pieces = LedgerReplay()
            pieces.feed(Data(text[..<split]))
            pieces.feed(Data(text[split...]))
            var resumed = LedgerReplay.replay(Data(text[..<split]))
            resumed.feed(Data(text[resumed.consumedBytes...]), startingAt: resumed.consumedBytes)
            var restored = LedgerReplay(
                domain: LedgerDomain(), state: resumed.ledger, actionIDs: resumed.actionIDs,
                consumedBytes: resumed.consumedBytes,
                linesRead: resumed.counts.linesRead)
            restored.feed(Data(text[resumed.consumedBytes...]))
            for (name, replay) in [("pieces", pieces), ("resumed", resumed)] {
                #expect(replay.ledger == full.ledger, "seed \(seed) split \(split) \(name)")
                #expect(replay.counts == full.counts, "seed \(seed) split \(split) \(name)")
                #expect(replay.diagnostics == full.diagnostics, "seed \(seed) split \(split) \(name)")
            }
            #expect(
                restored.ledger == full.ledger && restored.actionIDs == full.actionIDs,
                "seed \(seed) split \(split)")
        }
        #expect(
            full.counts.applied >= 2 && full.counts.invalid >= 1,
            "seed \(seed): \(full.counts) \(full.diagnostics.map(\.reason))")
    }
}
