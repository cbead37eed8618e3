import Foundation
import RxChain
import Testing

@testable import RxChainServer

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
        #expect(try LogEntry.decodeJournalLine(bytes.dropLast(), names: &names) == entry)
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
