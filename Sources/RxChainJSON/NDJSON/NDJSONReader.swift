import Foundation

/// Splits NDJSON bytes into lines, streaming, by the rules playbook replay follows.
///
/// Feed the input's bytes in chunks of any size, split anywhere (even inside a line or a
/// multi-byte character): the lines handed back are the same.
///
/// - A line ends at `\n`; one `\r` right before it is dropped, so CRLF files read like LF files.
/// - A line of only spaces, tabs and carriage returns (or nothing) is ``NDJSONLine/Content/blank``.
/// - A line that is not valid UTF-8 is ``NDJSONLine/Content/invalidUTF8(_:)``: rejected with
///   its line number and where it goes wrong, never repaired with U+FFFD.
/// - Line numbers start at 1 and count every line, blank and rejected ones included.
/// - Bytes after the last `\n` are a *torn* line: held back (``tornLine``) until later bytes
///   complete it; ``finish()`` hands it out when the input has ended.
///
/// ```swift
/// var reader = NDJSONReader()
/// for line in reader.feed(Array("a\r\n\nb".utf8)) { print(line.number, line.content) }  // 1 a, 2 blank
/// if let torn = reader.finish() { print("line \(torn.number) has no newline") }       // 3
/// ```
///
/// To read a whole file, see ``readFile(atPath:chunkSize:_:)``.
package struct NDJSONReader: Sendable {
    /// Complete lines handed out so far (the number of the last one).
    package private(set) var linesRead = 0
    /// Bytes of complete lines handed out so far, newlines included: where the torn line starts.
    package private(set) var consumedBytes = 0
    /// Bytes after the last newline, waiting for the rest of their line.
    private var pending: [UInt8] = []

    /// A reader at the start of an input.
    package init() {}

    /// Reads the input's next bytes (continuing right after the bytes fed before) and returns
    /// the lines they complete, in order.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [NDJSONLine] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        var lines: [NDJSONLine] = []
        var start = 0
        while start < bytes.count, let newline = Self.newline(in: base, from: start, to: bytes.count) {
            if pending.isEmpty {
                complete(UnsafeRawBufferPointer(rebasing: bytes[start..<newline]), into: &lines)
            } else {
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<newline]))
                let line = pending
                pending.removeAll(keepingCapacity: true)
                line.withUnsafeBytes { complete($0, into: &lines) }
            }
            start = newline + 1
        }
        if start < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...])) }
        return lines
    }

    /// Reads the input's next bytes; see ``feed(_:)-(UnsafeRawBufferPointer)``.
    package mutating func feed(_ bytes: [UInt8]) -> [NDJSONLine] {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Reads the input's next bytes; see ``feed(_:)-(UnsafeRawBufferPointer)``.
    package mutating func feed(_ data: Data) -> [NDJSONLine] {
        data.withUnsafeBytes { feed($0) }
    }

    /// The bytes after the last newline as a line (numbered after the last complete one),
    /// classified by the same rules; `nil` when the input so far ends with a newline.
    package var tornLine: NDJSONLine? {
        guard !pending.isEmpty else { return nil }
        return pending.withUnsafeBytes { NDJSONLine.classify($0, number: linesRead + 1) }
    }

    /// Ends the input: returns the torn line, if any (see ``tornLine``), and forgets it.
    ///
    /// The caller decides what a torn line means: replay reports it and waits for the rest;
    /// a file that is complete (a script, a file to apply) may read it as its last line.
    package mutating func finish() -> NDJSONLine? {
        defer { pending = [] }
        return tornLine
    }

    private mutating func complete(_ line: UnsafeRawBufferPointer, into lines: inout [NDJSONLine]) {
        linesRead += 1
        consumedBytes += line.count + 1
        lines.append(NDJSONLine.classify(line, number: linesRead))
    }

    private static func newline(in base: UnsafeRawPointer, from start: Int, to end: Int) -> Int? {
        guard let found = memchr(base + start, 0x0A, end - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }
}
