import Foundation
import RxChainTestFixtures
import Testing

@testable import RxChainLogs

/// The engine's line codec for `Codable` actions (``PlaybookLine``), through the toy register.
@Suite struct PlaybookLineTests {
    static func read(_ text: String) -> Result<PlaybookEntry<RegisterAction>, PlaybookLineError> {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { RegisterDomain().readLine(UnsafeRawBufferPointer($0)) }
    }

    @Test func writesSortedKeysAndReadsTheActionBack() throws {
        let id = ActionID(deviceID: "phone", seq: 7)
        let bytes = RegisterDomain().lineBytes(for: .set(key: "a/b", value: "x\"y"), actionId: id)
        let line = #"{"actionId":"phone:7","payload":{"key":"a/b","value":"x\"y"},"type":"register/set"}"#
        #expect(String(decoding: bytes, as: UTF8.self) == line)
        #expect(try Self.read(line).get() == PlaybookEntry(action: .set(key: "a/b", value: "x\"y"), actionId: id))
        #expect(
            String(decoding: RegisterDomain().lineBytes(for: .clear, actionId: nil), as: UTF8.self)
                == #"{"payload":{},"type":"register/clear"}"#)
    }

    /// A line another program wrote: any key order, unknown keys, blanks, a device id with a `:`.
    @Test func readsLinesWrittenByOthers() throws {
        let line = #" {"type":"register/remove", "extra":[1], "payload":{"key":"a"}, "actionId":"a:b:12"} "#
        #expect(
            try Self.read(line).get()
                == PlaybookEntry(action: .remove(key: "a"), actionId: ActionID(deviceID: "a:b", seq: 12)))
    }

    @Test(arguments: [
        ("not json", "line", "not valid JSON"),
        ("[]", "line", "expected"),
        (#"{"payload":{}}"#, "type", "missing"),
        (#"{"type":"register/nope","payload":{}}"#, "type", #""register/nope" is not a register action"#),
        (#"{"type":"register/set","payload":{"key":"a"}}"#, "payload.value", "missing"),
        (#"{"type":"register/set","payload":{"key":1,"value":"x"}}"#, "payload.key", "expected String"),
        (#"{"type":"register/remove","payload":{"key":"a"},"actionId":"phone"}"#, "actionId", "<deviceId>:<seq>"),
        (#"{"type":"register/remove","payload":{"key":"a"},"actionId":7}"#, "actionId", "expected String"),
    ])
    func anUnreadableLineNamesTheField(line: String, field: String, detail: String) {
        guard case .failure(let error) = Self.read(line) else {
            Issue.record("\(line) was read")
            return
        }
        #expect(error.field == field, "\(line): \(error)")
        #expect(error.detail.contains(detail), "\(line): \(error)")
    }

    /// Found by `Fuzz/FuzzPlaybookLine`: Foundation's decoder read these lines, which are not
    /// JSON (the ledger's reader and `JSONSerialization` refuse them), as actions.
    @Test(arguments: [
        Array(#"{"type":"register/clear","payload":{},}"#.utf8),
        [0xEF, 0xBB, 0xBF] + Array(#"{"type":"register/clear","payload":{}}"#.utf8),
        Array(#"{"type":"register/clear","payload":{},"note":""#.utf8) + [0xFF] + Array(#""}"#.utf8),
        Array(#"{"type":"register/clear","payload":{},"n":1e999}"#.utf8),
    ])
    func aLineThatIsNotStrictJSONIsUnreadable(line: [UInt8]) {
        let read = line.withUnsafeBytes { RegisterDomain().readLine($0) }
        guard case .failure(let error) = read else {
            Issue.record("\(String(decoding: line, as: UTF8.self)) was read")
            return
        }
        #expect(error.field == "line" && error.detail.hasPrefix("not valid JSON ("), "\(error)")
    }
}
