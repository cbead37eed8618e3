import Foundation
import RxChainSystem

/// The entries of `local.journal`: each the playbook lines one sync step read, behind a
/// checksummed header.
///
/// ```
/// <crc32 hex8> {"bytes":97,"cursor":"1200","fromLine":12,"lines":1,"revision":"…"}\n
/// <97 bytes of playbook lines>
/// ```
///
/// The CRC-32 covers the header's JSON, its `\n` and the lines, so one flipped byte anywhere
/// in an entry is found. An entry the file ends inside of (no `\n` after its header, or
/// fewer bytes than the header counts) is *torn*: a write a crash cut short, never fsynced,
/// so nothing relied on it. Any other entry that does not check out is *corrupt*.
extension PlaybookLocalFile {
    /// The header of one journal entry.
    struct JournalHeader: Codable {
        /// Lines of the playbook before this entry's lines.
        var fromLine: Int
        /// Complete lines in the entry.
        var lines: Int
        /// Bytes of lines following the header line.
        var bytes: Int
        /// The revision the playbook was at after these lines.
        var revision: Revision
        /// Where the next read starts after these lines.
        var cursor: PlaybookCursor
    }

    /// What is at one offset of the journal.
    enum JournalRead {
        /// A whole entry that checks out: its header, where its lines are, where it ends.
        case entry(JournalHeader, lines: Range<Int>, end: Int)
        /// The file ends inside the entry (or right at the offset: ``isEnd``).
        case torn
        /// The entry is all there but does not check out.
        case corrupt(String)
    }

    /// The bytes of one entry.
    static func encodeEntry(_ header: JournalHeader, lines: Data) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var body = try encoder.encode(header)
        body.append(UInt8(ascii: "\n"))
        body.append(lines)
        var entry = Data(hex8(CRC32.checksum(body)).utf8)
        entry.append(UInt8(ascii: " "))
        entry.append(body)
        return entry
    }

    /// Reads the entry at `offset` of `journal`.
    static func readEntry(_ journal: Data, at offset: Int) -> JournalRead {
        let bytes = journal[offset...]
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return .torn }
        let headerLine = bytes[..<newline]
        guard headerLine.count > 9, headerLine[headerLine.startIndex + 8] == UInt8(ascii: " "),
            let stored = UInt32(String(decoding: headerLine.prefix(8), as: UTF8.self), radix: 16)
        else { return .corrupt("the header has no checksum") }
        let json = headerLine.dropFirst(9)
        guard let header = try? JSONDecoder().decode(JournalHeader.self, from: json) else {
            return .corrupt("the header is not readable")
        }
        guard header.bytes >= 0, header.lines >= 0, header.fromLine >= 0 else {
            return .corrupt(
                "the header counts \(header.bytes) bytes, \(header.lines) lines from line \(header.fromLine)")
        }
        let linesStart = newline + 1
        guard journal.endIndex - linesStart >= header.bytes else { return .torn }
        let end = linesStart + header.bytes
        let actual = CRC32.checksum(journal[json.startIndex..<end])
        guard actual == stored else {
            return .corrupt("checksum mismatch (stored \(hex8(stored)), computed \(hex8(actual)))")
        }
        return .entry(header, lines: linesStart..<end, end: end)
    }

    private static func hex8(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
