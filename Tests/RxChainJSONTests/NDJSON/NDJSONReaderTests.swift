import Foundation
import Testing

@testable import RxChainJSON

/// The line rules of ``NDJSONReader``: the same as playbook replay's, for any chunking.
@Suite struct NDJSONReaderTests {
    /// CRLF and LF lines, a blank line, a line of blanks, multi-byte characters, an invalid
    /// line, a line ending in two carriage returns, and a torn last line.
    static let sample: [UInt8] =
        Array("{\"a\":1}\r\n\n \t\r\ncafé 😀\n".utf8) + [0x61, 0xFF, 0x62, 0x0A]
        + Array("x\r\r\nlast".utf8)

    static func read(_ chunks: [[UInt8]]) -> (lines: [NDJSONLine], torn: NDJSONLine?) {
        var reader = NDJSONReader()
        var lines: [NDJSONLine] = []
        for chunk in chunks { lines += reader.feed(chunk) }
        return (lines, reader.finish())
    }

    @Test func readsEachKindOfLineWithItsNumber() {
        let (lines, torn) = Self.read([Self.sample])
        #expect(
            lines == [
                NDJSONLine(number: 1, content: .text("{\"a\":1}")),
                NDJSONLine(number: 2, content: .blank),
                NDJSONLine(number: 3, content: .blank),
                NDJSONLine(number: 4, content: .text("café 😀")),
                NDJSONLine(
                    number: 5,
                    content: .invalidUTF8(
                        NDJSONEncodingError(line: 5, byte: 0xFF, column: 2, bytes: [0x61, 0xFF, 0x62]))),
                NDJSONLine(number: 6, content: .text("x\r")),
            ])
        #expect(torn == NDJSONLine(number: 7, content: .text("last")))
    }

    @Test func splittingTheInputAnywhereGivesTheSameLines() {
        let whole = Self.read([Self.sample])
        for first in 0...Self.sample.count {
            for second in first...Self.sample.count {
                let chunks = [
                    Array(Self.sample[..<first]), Array(Self.sample[first..<second]),
                    Array(Self.sample[second...]),
                ]
                let split = Self.read(chunks)
                #expect(split.lines == whole.lines, "split at \(first) and \(second)")
                #expect(split.torn == whole.torn, "split at \(first) and \(second)")
            }
        }
        let bytewise = Self.read(Self.sample.map { [$0] })
        #expect(bytewise.lines == whole.lines)
        #expect(bytewise.torn == whole.torn)
    }

    @Test func aTornLineIsCompletedByLaterBytes() {
        var reader = NDJSONReader()
        #expect(reader.feed(Array("one\ntw".utf8)) == [NDJSONLine(number: 1, content: .text("one"))])
        #expect(reader.tornLine == NDJSONLine(number: 2, content: .text("tw")))
        #expect(reader.consumedBytes == 4)
        #expect(reader.feed(Array("o\r\n".utf8)) == [NDJSONLine(number: 2, content: .text("two"))])
        #expect(reader.tornLine == nil)
        #expect(reader.finish() == nil)
        #expect(reader.linesRead == 2)
        #expect(reader.consumedBytes == 9)
    }

    @Test func describesAnInvalidLineByNumberByteAndColumn() {
        let error = NDJSONEncodingError(line: 3, byte: 0xFF, column: 7, bytes: [])
        #expect(error.description == "line 3: not valid UTF-8 (byte 0xFF at column 7)")
        #expect(NDJSONEncodingError(line: 1, byte: 0x8, column: 1, bytes: []).reason.contains("byte 0x08"))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// The offset of the first ill-formed sequence, `nil` when valid.
        var invalidAt: Int?
        var testDescription: String { name }
    }

    static let utf8Cases = [
        Case(name: "ASCII", bytes: Array("plain".utf8), invalidAt: nil),
        Case(name: "largest scalar U+10FFFF", bytes: [0x61, 0xF4, 0x8F, 0xBF, 0xBF], invalidAt: nil),
        Case(name: "last before surrogates U+D7FF", bytes: [0xED, 0x9F, 0xBF], invalidAt: nil),
        Case(name: "first after surrogates U+E000", bytes: [0xEE, 0x80, 0x80], invalidAt: nil),
        Case(name: "smallest 3-byte U+0800", bytes: [0xE0, 0xA0, 0x80], invalidAt: nil),
        Case(name: "smallest 4-byte U+10000", bytes: [0xF0, 0x90, 0x80, 0x80], invalidAt: nil),
        Case(name: "overlong 2-byte C0 80", bytes: [0x61, 0xC0, 0x80], invalidAt: 1),
        Case(name: "overlong 2-byte C1 BF", bytes: [0xC1, 0xBF], invalidAt: 0),
        Case(name: "overlong 3-byte E0 80 80", bytes: [0x61, 0x62, 0xE0, 0x80, 0x80], invalidAt: 2),
        Case(name: "overlong 4-byte F0 8F BF BF", bytes: [0xF0, 0x8F, 0xBF, 0xBF], invalidAt: 0),
        Case(name: "high surrogate ED A0 80", bytes: [0x7B, 0xED, 0xA0, 0x80], invalidAt: 1),
        Case(name: "low surrogate ED BF BF", bytes: [0xED, 0xBF, 0xBF], invalidAt: 0),
        Case(name: "beyond U+10FFFF F4 90 80 80", bytes: [0xF4, 0x90, 0x80, 0x80], invalidAt: 0),
        Case(name: "F5 lead", bytes: [0xF5, 0x80, 0x80, 0x80], invalidAt: 0),
        Case(name: "stray continuation byte", bytes: [0x61, 0x80], invalidAt: 1),
        Case(name: "2-byte sequence cut short at the end", bytes: [0x61, 0xC3], invalidAt: 1),
        Case(name: "3-byte sequence cut short at the end", bytes: [0xE2, 0x82], invalidAt: 0),
        Case(name: "4-byte sequence cut short by ASCII", bytes: [0xF0, 0x9F, 0x98, 0x41], invalidAt: 0),
        Case(name: "valid then invalid", bytes: [0xC3, 0xA9, 0xFE], invalidAt: 2),
    ]

    @Test(arguments: utf8Cases) func rejectsIllFormedUTF8AtItsFirstByte(_ test: Case) {
        #expect(UTF8Check.firstInvalidOffset(in: test.bytes) == test.invalidAt)
        #expect((String(validating: test.bytes, as: UTF8.self) == nil) == (test.invalidAt != nil))
        var reader = NDJSONReader()
        let lines = reader.feed(test.bytes + [0x0A])
        if let offset = test.invalidAt {
            let error = NDJSONEncodingError(
                line: 1, byte: test.bytes[offset], column: offset + 1, bytes: test.bytes)
            #expect(lines == [NDJSONLine(number: 1, content: .invalidUTF8(error))])
        } else {
            #expect(lines == [NDJSONLine(number: 1, content: .text(String(decoding: test.bytes, as: UTF8.self)))])
        }
    }

    // MARK: Files

    func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ndjson-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test(arguments: [1, 2, 7, 1 << 16])
    func readsAFileInChunksOfAnySize(chunkSize: Int) throws {
        try withDirectory { directory in
            let file = directory.appendingPathComponent("input.ndjson")
            try Data(Self.sample).write(to: file)
            var lines: [NDJSONLine] = []
            let torn = try NDJSONReader.readFile(atPath: file.path, chunkSize: chunkSize) { lines.append($0) }
            let whole = Self.read([Self.sample])
            #expect(lines == whole.lines)
            #expect(torn == whole.torn)
        }
    }

    @Test func namesThePathAndTheProblemWhenAFileCannotBeRead() throws {
        try withDirectory { directory in
            let missing = directory.appendingPathComponent("missing.ndjson").path
            let loop = directory.appendingPathComponent("loop.ndjson").path
            try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
            let file = directory.appendingPathComponent("file").path
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: file))
            let cases: [(String, NDJSONFileError.Problem, String)] = [
                (missing, .notFound, "no such file or directory"),
                (directory.path, .isADirectory, "it is a directory"),
                (loop, .symbolicLinkLoop, "symbolic link loop"),
                (file + "/inner", .notADirectoryOnThePath, "a part of the path is a file"),
                ("", .notFound, "no such file"),
            ]
            for (path, problem, message) in cases {
                #expect {
                    _ = try NDJSONReader.readFile(atPath: path)
                } throws: { error in
                    guard let error = error as? NDJSONFileError else { return false }
                    return error.problem == problem && error.description.hasPrefix("cannot read '\(path)': ")
                        && error.description.contains(message)
                }
            }
        }
    }

    @Test func readsADeviceAsAnEmptyInput() throws {
        let (lines, torn) = try NDJSONReader.readFile(atPath: "/dev/null")
        #expect(lines.isEmpty)
        #expect(torn == nil)
    }
}
