import Foundation
import RxChainTesting
import Testing

@testable import RxChainCore
@testable import RxChainSystem

@Suite struct QueueLogEntryTests {
    @Test(arguments: [
        ("", 0x0000_0000 as UInt32), ("a", 0xE8B7_BE43), ("abc", 0x3524_41C2),
        ("123456789", 0xCBF4_3926), ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ])
    func crcMatchesKnownVectors(text: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == expected)
    }

    /// The eight-bytes-at-a-time loop agrees with the textbook one-byte loop, at every
    /// length and at unaligned starts (the tail and the alignment are where it could slip).
    @Test func crcAgreesWithTheBytewiseDefinition() throws {
        let bytes = Gen<UInt8>.integer(in: 0...255).array(length: 0...80)
        try forAll(Gen.zip(bytes, Gen<Int>.integer(in: 0...7)), iterations: 300) { bytes, offset in
            let padded = [UInt8](repeating: 0xA5, count: offset) + bytes
            let fast = padded.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            return fast == Self.bytewiseCRC(bytes)
        }
    }

    static func bytewiseCRC(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test(arguments: [
        QueueLogEntry.header(version: 1, nextSeq: 42), .header(version: 2, nextSeq: 7, deviceID: "ph\"one:2"),
        .device(id: "B7F0-é"),
        .device(id: "C", keeping: [3, 9]),
        .enqueue(
            QueueRecord(seq: 7, key: "dev:7", tag: "expense/put", payload: Data(#"{"id":7,"x":[1,2]}"#.utf8))),
        .enqueue(
            QueueRecord(
                seq: 8, key: "d\"ev:8", tag: "tab\tquote\"back\\slash\u{1}é", payload: Data("12.5".utf8))),
        .enqueue(
            QueueRecord(
                seq: 9, key: "dev:9", tag: #","payload":"#, payload: Data(#"{"payload":{"payload":1}}"#.utf8))
        ),
        .ack(3...3), .ack(4...90), .dead(seq: 5, reason: "HTTP 422: \"bad\"\nsecond line"), .retry(seq: 5),
    ])
    func linesRoundTrip(entry: QueueLogEntry) throws {
        var bytes: [UInt8] = []
        entry.encode(into: &bytes)
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes.dropLast().contains(UInt8(ascii: "\n")) == false)
        #expect(try QueueLogEntry.decode(bytes.dropLast()) == entry)
    }

    @Test func lineIsCrcThenJson() throws {
        var bytes: [UInt8] = []
        QueueLogEntry.ack(3...3).encode(into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let json = #"{"kind":"ack","seq":3}"#
        let crc = String(CRC32.checksum(Array(json.utf8)), radix: 16)
        #expect(text == String(repeating: "0", count: 8 - crc.count) + crc + " " + json + "\n")
    }

    @Test(arguments: [
        ("", "no checksum"), ("zzzzzzzz {}", "checksum is not 8 hex digits"),
        ("00000000 {\"kind\":\"ack\",\"seq\":1}", "checksum mismatch"),
    ])
    func damagedLinesAreRecognised(line: String, reason: String) {
        #expect {
            try QueueLogEntry.decode(Array(line.utf8))
        } throws: { error in
            guard let defect = error as? QueueLineDefect, case .damaged(let text) = defect else {
                return false
            }
            return text.contains(reason)
        }
    }

    @Test(arguments: [
        (#"{"kind":"teleport","seq":1}"#, "unknown record kind \"teleport\""),
        (#"{"kind":"ack"}"#, "field \"from\" is missing"),
        (#"{"kind":"ack","seq":-1}"#, "field \"seq\" is missing or not an unsigned integer"),
        (#"{"kind":"enqueue","seq":1,"key":"k","tag":"t"}"#, "enqueue record without"),
        (#"{"seq":1}"#, "no \"kind\" field"),
        (#"{"kind":"device","id":""}"#, "device record without a non-empty one-line \"id\""),
        (#"{"kind":"header","version":2,"next_seq":1,"device":7}"#, "header with a device id that is not"),
    ])
    func checkedButInvalidLinesSayWhy(json: String, reason: String) {
        let crc = String(CRC32.checksum(Array(json.utf8)), radix: 16)
        let line = String(repeating: "0", count: 8 - crc.count) + crc + " " + json
        #expect {
            try QueueLogEntry.decode(Array(line.utf8))
        } throws: { error in
            guard let defect = error as? QueueLineDefect, case .invalid(let text) = defect else {
                return false
            }
            return text.contains(reason)
        }
    }
}
