import Foundation

/// The files of one journal directory.
///
/// ```
/// DIR/lock                                flock'ed by the one open LogBook
/// DIR/journal-0000000001.log              segments: every log's entries, interleaved, in
/// DIR/journal-0000000002.log              acceptance order; only the last one is appended to
/// DIR/index/journal-0000000001.idx        the index of each closed segment (its checkpoint)
/// DIR/quarantine/<segment>@<offset>       a copy of each damaged record recovery found
/// ```
struct JournalLayout: Sendable {
    static let segmentPrefix = "journal-"
    static let segmentSuffix = ".log"

    let directory: String

    var lock: String { directory + "/lock" }
    var quarantine: String { directory + "/quarantine" }
    var indexDirectory: String { directory + "/index" }

    /// The index file of closed segment `number`.
    func index(_ number: Int) -> String {
        indexDirectory + "/" + String(Self.segmentName(number).dropLast(Self.segmentSuffix.count)) + ".idx"
    }

    /// The file name of segment `number` (10 digits, so names sort in segment order).
    static func segmentName(_ number: Int) -> String {
        let digits = String(number)
        return segmentPrefix + String(repeating: "0", count: max(0, 10 - digits.count)) + digits + segmentSuffix
    }

    /// The segment number a file name spells, or `nil` for any other file.
    static func segmentNumber(_ name: String) -> Int? {
        guard name.hasPrefix(segmentPrefix), name.hasSuffix(segmentSuffix) else { return nil }
        let digits = name.dropFirst(segmentPrefix.count).dropLast(segmentSuffix.count)
        guard digits.count == 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    func segment(_ number: Int) -> String { directory + "/" + Self.segmentName(number) }

    /// Where a copy of the damaged record at `offset` of segment `number` goes.
    func quarantined(segment number: Int, offset: Int) -> String {
        quarantine + "/" + Self.segmentName(number) + "@" + String(offset)
    }
}
