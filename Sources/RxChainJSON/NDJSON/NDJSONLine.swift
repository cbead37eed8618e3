/// One line of an NDJSON input, as ``NDJSONReader`` hands it out.
///
/// The line is what lay between two `\n`s (or the start of the input and the first `\n`),
/// with one trailing `\r` dropped (CRLF files read like LF files). Its ``number`` counts
/// every line before it, blank ones included, from 1.
package struct NDJSONLine: Sendable, Equatable {
    /// What the line holds.
    package enum Content: Sendable, Equatable {
        /// Valid UTF-8 holding something other than blanks; the text is exactly the line's bytes.
        case text(String)
        /// Nothing but spaces, tabs and carriage returns (or nothing at all).
        case blank
        /// Bytes that are not valid UTF-8: the line is rejected, its bytes kept in the error.
        case invalidUTF8(NDJSONEncodingError)
    }

    /// The 1-based line number.
    package let number: Int
    /// The line's content.
    package let content: Content

    /// Creates a line (readers build them; tests compare against them).
    package init(number: Int, content: Content) {
        self.number = number
        self.content = content
    }

    /// The text of a ``Content/text(_:)`` line; `nil` for a blank or rejected one.
    package var text: String? {
        if case .text(let text) = content { return text }
        return nil
    }

    /// Classifies one line's bytes (without its `\n`) by the reader's rules.
    static func classify(_ bytes: UnsafeRawBufferPointer, number: Int) -> NDJSONLine {
        var body = bytes
        if body.last == 0x0D { body = UnsafeRawBufferPointer(rebasing: body.dropLast()) }
        // The same test as playbook replay: spaces, tabs and carriage returns only.
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            return NDJSONLine(number: number, content: .blank)
        }
        if let offset = UTF8Check.firstInvalidOffset(in: body) {
            let error = NDJSONEncodingError(
                line: number, byte: body[offset], column: offset + 1, bytes: Array(body))
            return NDJSONLine(number: number, content: .invalidUTF8(error))
        }
        // Validated above, so decoding replaces nothing.
        return NDJSONLine(number: number, content: .text(String(decoding: body, as: UTF8.self)))
    }
}
