import FuzzSupport
import RxChainJSON

// The NDJSON reader (`NDJSONReader`, `UTF8Check`):
// - Fed in chunks of any sizes (drawn from the input), it hands back the same lines and the same
//   torn line as fed whole, and reading the bytes from a file in small chunks gives them too.
// - Every line is the input's bytes between two newlines, one trailing `\r` dropped: text lines
//   hold exactly those bytes, blank lines only blanks, rejected lines those bytes; lines are
//   numbered from 1 without gaps; `consumedBytes` ends at the last newline.
// - `UTF8Check` agrees with the standard library's UTF-8 validation (`String(validating:)`).
//
// Input: one byte choosing the chunk sizes, then the NDJSON bytes.

@main enum FuzzNDJSON {
    static func main() { runFuzzer(fuzzNDJSON) }
}

private let scratch = ScratchDirectory("ndjson")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNDJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    let chunking = Int(input.byte())
    let bytes = input.rest()

    var whole = NDJSONReader()
    let lines = whole.feed(bytes)
    let consumed = whole.consumedBytes
    let linesRead = whole.linesRead
    let torn = whole.finish()
    checkLines(lines, torn: torn, of: bytes)
    check(linesRead == lines.count, "linesRead \(linesRead) for \(lines.count) lines")
    let lastNewline = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    check(consumed == lastNewline, "consumedBytes \(consumed), but the last line ends at \(lastNewline)")

    var chunked = NDJSONReader()
    var chunkedLines: [NDJSONLine] = []
    var start = 0
    var step = 0
    while start < bytes.count {
        let end = min(bytes.count, start + 1 + (chunking >> (step % 4) + step) % 17)
        chunkedLines += chunked.feed(Array(bytes[start..<end]))
        start = end
        step += 1
    }
    check(chunkedLines == lines, "fed in chunks, the lines differ")
    check(chunked.finish() == torn, "fed in chunks, the torn line differs")

    scratch.write(bytes, to: "input.ndjson")
    var fileLines: [NDJSONLine] = []
    let fileTorn = try? NDJSONReader.readFile(atPath: scratch.file("input.ndjson"), chunkSize: 1 + chunking % 61) {
        fileLines.append($0)
    }
    check(fileLines == lines && fileTorn == torn, "read from a file, the lines differ")
    return 0
}

/// Each line against the bytes it came from.
private func checkLines(_ lines: [NDJSONLine], torn: NDJSONLine?, of bytes: [UInt8]) {
    var segments = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    let tornBytes = segments.removeLast()  // after the last newline: the torn line, maybe empty
    check(lines.count == segments.count, "\(lines.count) lines for \(segments.count) newlines")
    check((torn == nil) == tornBytes.isEmpty, "a torn line \(String(describing: torn)) for \(tornBytes.count) bytes")
    for (offset, (line, segment)) in zip(lines + [torn].compactMap { $0 }, segments + [tornBytes]).enumerated() {
        check(line.number == offset + 1, "line \(offset + 1) is numbered \(line.number)")
        let body = segment.last == 0x0D ? Array(segment.dropLast()) : segment
        let valid = String(validating: body, as: UTF8.self) != nil
        check((UTF8Check.firstInvalidOffset(in: body) == nil) == valid, "UTF8Check disagrees on \(body)")
        switch line.content {
        case .text(let text):
            check(Array(text.utf8) == body, "line \(line.number)'s text is not its bytes")
            check(!body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }, "line \(line.number) is blank")
        case .blank:
            check(body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }, "line \(line.number) is not blank")
        case .invalidUTF8(let error):
            check(!valid && error.bytes == body, "line \(line.number) is rejected, or keeps other bytes")
            check(
                error.line == line.number && error.column >= 1 && body[error.column - 1] == error.byte,
                "line \(line.number)'s error points elsewhere: \(error)")
            check(
                String(validating: body[..<(error.column - 1)], as: UTF8.self) != nil,
                "line \(line.number) is invalid before column \(error.column)")
        }
    }
}
