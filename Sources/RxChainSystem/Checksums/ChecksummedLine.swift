/// The framing of every queue log line, shared with the server's journal:
/// `<CRC-32 of the JSON as 8 lowercase hex digits> <JSON>\n`.
///
/// A writer calls ``begin(in:)``, appends the JSON (which must hold no raw line break), then
/// ``finish(in:from:)``; a reader hands ``json(of:)`` one line without its newline and gets the
/// JSON back only if the checksum matches, so a line damaged after it was written is told apart
/// from a good one.
///
/// ```
/// 0b5e77d2 {"kind":"enqueue","seq":1,"key":"A1B2:1","tag":"expense/put","payload":{"id":7}}
/// ```
package enum ChecksummedLine {
    /// Why a line's frame does not check out; ``reason`` says how, for a report.
    package struct Damage: Error, Equatable, Sendable {
        package let reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// Starts a line at the end of `buffer` (reserves its checksum); returns where the line
    /// starts, for ``finish(in:from:)``.
    package static func begin(in buffer: inout [UInt8]) -> Int {
        let start = buffer.count
        for _ in 0..<8 { buffer.append(UInt8(ascii: "0")) }
        buffer.append(UInt8(ascii: " "))
        return start
    }

    /// Ends the line begun at `start`: writes the checksum of the JSON appended since
    /// ``begin(in:)`` and the closing newline.
    package static func finish(in buffer: inout [UInt8], from start: Int) {
        let crc = buffer.withUnsafeBytes {
            CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[(start + 9)...]))
        }
        for index in 0..<8 {
            let nibble = UInt8((crc >> (28 - 4 * UInt32(index))) & 0xF)
            buffer[start + index] = hexDigits[Int(nibble)]
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// The JSON of `line` (given without its newline), if its checksum matches.
    ///
    /// - Throws: ``Damage`` when the line has no checksum, a malformed one, or one that does not
    ///   match its JSON.
    package static func json(of line: ArraySlice<UInt8>) throws(Damage) -> ArraySlice<UInt8> {
        let base = line.startIndex
        guard line.count > 9, line[base + 8] == UInt8(ascii: " ") else {
            throw Damage(reason: "no checksum (expected '<crc32 hex8> <json>')")
        }
        guard let stored = UInt32(String(decoding: line[base..<base + 8], as: UTF8.self), radix: 16) else {
            throw Damage(reason: "checksum is not 8 hex digits")
        }
        let json = line[(base + 9)...]
        let actual = CRC32.checksum(json)
        guard stored == actual else {
            throw Damage(reason: "checksum mismatch (stored \(hex(stored)), computed \(hex(actual)))")
        }
        return json
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
