/// A line of an NDJSON input that is not valid UTF-8: it is rejected, and its bytes are kept
/// so that the caller can report or quarantine them rather than lose them.
///
/// Its description names the line and where its first ill-formed sequence starts:
/// `line 3: not valid UTF-8 (byte 0xFF at column 7)`.
package struct NDJSONEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number.
    package let line: Int
    /// The first byte of the first ill-formed sequence (an overlong form, a surrogate, a
    /// stray continuation byte, a sequence cut short, or a byte never used in UTF-8).
    package let byte: UInt8
    /// The 1-based byte offset of ``byte`` in the line.
    package let column: Int
    /// The line's exact bytes (without its `\n` and a trailing `\r`).
    package let bytes: [UInt8]

    /// Creates the error for line `line`, whose sequence starting at `column` is ill-formed.
    package init(line: Int, byte: UInt8, column: Int, bytes: [UInt8]) {
        self.line = line
        self.byte = byte
        self.column = column
        self.bytes = bytes
    }

    /// What is wrong, without the line number: `not valid UTF-8 (byte 0xFF at column 7)`.
    package var reason: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at column \(column))"
    }

    package var description: String { "line \(line): \(reason)" }
}
