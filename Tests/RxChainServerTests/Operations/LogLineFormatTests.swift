import Foundation
import RxChainServer
import Testing

/// `--log-format`: text with `name=value` fields (quoted when needed), or one JSON object per line
/// with `status` and `duration_ms` as numbers.
@Suite struct LogLineFormatTests {
    let fields: [(name: String, value: String)] = [
        ("request_id", "abc"), ("route", "/logs/{log+}"), ("status", "404"), ("user", "-"), ("duration_ms", "0.25"),
        ("note", "two words"),
    ]

    @Test func textIsOneLineOfFields() {
        let line = LogLineFormat.text.line(
            timestamp: "2026-11-27T09:00:00Z", level: "notice", label: "rxchain-server", message: "request",
            fields: fields)
        #expect(
            line == #"2026-11-27T09:00:00Z notice [rxchain-server] request request_id=abc route=/logs/{log+} "#
                + #"status=404 user=- duration_ms=0.25 note="two words""#)
    }

    @Test func jsonIsOneObjectWithNumbersWhereTheyAreNumbers() throws {
        let line = LogLineFormat.json.line(
            timestamp: "2026-11-27T09:00:00Z", level: "notice", label: "rxchain-server", message: "say \"hi\"\n",
            fields: fields)
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["status"] as? Int == 404 && object["duration_ms"] as? Double == 0.25)
        #expect(object["message"] as? String == "say \"hi\"\n" && object["route"] as? String == "/logs/{log+}")
        #expect(object["level"] as? String == "notice" && object["ts"] as? String == "2026-11-27T09:00:00Z")
    }
}
