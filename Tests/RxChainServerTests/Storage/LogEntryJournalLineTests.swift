import Foundation
import RxChainSystem
import Testing

@testable import RxChainServerStorage

/// A journal line reads back byte for byte, and anything else is reported, never half read.
@Suite struct LogEntryJournalLineTests {
    static let bodies: [[UInt8]] = [
        [],
        Array(#"{"title":"say \"hi\"\\n","emoji":"🧾","tab":"\t"}"#.utf8),
        Array("line one\nline two\r\n\u{0}\u{1F}\u{7F}".utf8),
        [0xFF, 0xFE, 0x0A, 0x00, 0xC3],  // not UTF-8: stored as base64
    ]

    @Test(arguments: bodies)
    func aLineReadsBackTheSameEntry(body: [UInt8]) throws {
        let entry = LogEntry(
            log: try LogName(validating: "requests/a-b/to/c_d.e"), id: "id \"with\" \\ and é", creator: "alïce",
            body: body, seq: 42, ts: UInt64.max - 1)
        var bytes: [UInt8] = []
        var names: [String: LogName] = [:]
        entry.encodeJournalLine(into: &bytes)
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil, "one line, whatever the body")
        #expect(try LogEntry.decodeJournalLine(bytes.dropLast(), names: &names) == (entry, false))
    }

    /// An entry that is not the last of its append batch says so, and reads back saying so.
    @Test func anEntryWhoseBatchGoesOnCarriesMore() throws {
        let entry = LogEntry(
            log: try LogName(validating: "lists/L1/actions"), id: "e1", creator: "bob", body: Array("{}".utf8),
            seq: 3, ts: 9)
        var bytes: [UInt8] = []
        var names: [String: LogName] = [:]
        entry.encodeJournalLine(into: &bytes, continuesBatch: true)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(#","more":true}"# + "\n"))
        #expect(try LogEntry.decodeJournalLine(bytes.dropLast(), names: &names) == (entry, true))
    }

    /// The line the README and the doc comment show is a real one.
    @Test func theDocumentedLineReads() throws {
        let line =
            #"b1b8d786 {"log":"users/alice/actions","seq":1,"ts":1764230400000000,"id":"a1","creator":"alice","body":"{\"done\":true}"}"#
        var names: [String: LogName] = [:]
        let (entry, continuesBatch) = try LogEntry.decodeJournalLine(ArraySlice(Array(line.utf8)), names: &names)
        #expect(!continuesBatch)
        #expect(entry.log.description == "users/alice/actions")
        #expect((entry.id, entry.creator, entry.seq, entry.ts) == ("a1", "alice", 1, 1_764_230_400_000_000))
        #expect(entry.body == Array(#"{"done":true}"#.utf8))
        var encoded: [UInt8] = []
        entry.encodeJournalLine(into: &encoded)
        #expect(encoded == Array((line + "\n").utf8))
    }

    @Test(arguments: [
        (#"{"log":"a/b","seq":1,"ts":2,"id":"x","creator":"u","body":"{}","extra":1}"#, "unknown field \"extra\""),
        (#"{"log":"a/b","seq":1,"ts":2,"id":"x","creator":"u"}"#, "no \"body\""),
        (#"{"log":"a/b","seq":0,"ts":2,"id":"x","creator":"u","body":""}"#, "no \"seq\""),
        (#"{"log":"a/b","seq":1,"ts":-2,"id":"x","creator":"u","body":""}"#, "no \"ts\""),
        (#"{"log":"../b","seq":1,"ts":2,"id":"x","creator":"u","body":""}"#, "no valid \"log\""),
        (#"{"log":"a/b","seq":1,"ts":2,"id":"","creator":"u","body":""}"#, "no \"id\""),
        (#"{"log":"a/b","seq":1,"seq":1,"ts":2,"id":"x","creator":"u","body":""}"#, "appears twice"),
        (#"{"log":"a/b","seq":1,"ts":2,"id":"x","creator":"u","body":""} x"#, "bytes after"),
        (#"{"log":"a/b","seq":1,"#, "malformed JSON"),
        (#"{"log":"a/b","seq":1,"ts":2,"id":"x","creator":"u","body":"","more":false}"#, "\"more\" is not true"),
        (#"{"log":"a/b","seq":1,"ts":2,"id":"x","creator":"u","body":"","more":1}"#, "\"more\" is not true"),
        (#"["log"]"#, "not a JSON object"),
    ])
    func aLineThatIsNotAnEntryIsReported(json: String, reason: String) throws {
        var bytes: [UInt8] = []
        let start = ChecksummedLine.begin(in: &bytes)
        bytes += Array(json.utf8)
        ChecksummedLine.finish(in: &bytes, from: start)
        var names: [String: LogName] = [:]
        #expect {
            try LogEntry.decodeJournalLine(bytes.dropLast(), names: &names)
        } throws: { error in
            (error as? ChecksummedLine.Damage)?.reason.contains(reason) == true
        }
    }
}
