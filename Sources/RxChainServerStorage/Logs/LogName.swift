/// The validated name of one append-only log, a relative path of segments such as
/// `users/alice/actions`, `lists/L1/actions` or `requests/alice/to/bob`.
///
/// A name has 1 to ``maximumSegments`` segments separated by `/`, at most ``maximumLength``
/// bytes in all. A segment holds ASCII letters, digits, `-`, `_` and `.`, and is never `.` or
/// `..` as a whole. Names are case-sensitive: `lists/L1` and `lists/l1` are two logs (the durable
/// store keeps every log in one journal, so a name never becomes a file name).
///
/// The checks run on the name as the server received it after one URL decoding; a `%` left in the
/// name is refused, and `%2e` or `%2E` standing for a `.` segment is reported as a traversal.
///
/// ```swift
/// let log = try LogName(validating: "lists/L1/actions")
/// log.segments  // ["lists", "L1", "actions"]
/// log.family    // "lists/L1"
/// ```
public struct LogName: Hashable, Sendable, CustomStringConvertible {
    /// The most segments a name may have.
    public static let maximumSegments = 8
    /// The most UTF-8 bytes a name may have.
    public static let maximumLength = 256

    /// The name's segments, in order; never empty.
    public let segments: [String]

    /// The name as written, segments joined by `/`.
    public var description: String { segments.joined(separator: "/") }

    /// The first two segments (`lists/L1` for `lists/L1/actions`), or the whole name if it has
    /// fewer: the unit that access rules will grant.
    public var family: String { segments.prefix(2).joined(separator: "/") }

    /// Validates `text` as a log name.
    ///
    /// - Throws: ``LogNameError`` naming the first problem found: emptiness, length, NUL,
    ///   backslash, a leading `/`, the segment count, then each segment in order.
    public init(validating text: String) throws(LogNameError) {
        if text.isEmpty { throw .empty }
        if text.utf8.count > Self.maximumLength { throw .tooLong(length: text.utf8.count) }
        // Byte scans: `String.contains(_:)` goes through Foundation's string search on Linux.
        if text.utf8.contains(0) { throw .nul }
        if text.utf8.contains(UInt8(ascii: "\\")) { throw .backslash }
        if text.hasPrefix("/") { throw .absolute }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count > Self.maximumSegments { throw .tooManySegments(count: segments.count) }
        for (index, segment) in segments.enumerated() {
            try Self.check(segment, at: index)
        }
        self.segments = segments
    }

    private static func check(_ segment: String, at index: Int) throws(LogNameError) {
        if segment.isEmpty { throw .emptySegment(index: index) }
        let dotted = segment.utf8.contains(UInt8(ascii: "%")) ? segment.replacingPercentEncodedDots() : segment
        if dotted == "." || dotted == ".." { throw .traversal(index: index) }
        if segment.utf8.allSatisfy(isAllowed) { return }
        for character in segment where !(character.asciiValue.map(isAllowed) ?? false) {
            throw .invalidCharacter(character, index: index)
        }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): return true
        default: return false
        }
    }
}

extension String {
    /// The segment with each `%2e` / `%2E` read as the `.` it encodes, so `%2e%2e` is seen as `..`.
    fileprivate func replacingPercentEncodedDots() -> String {
        var result = ""
        var rest = Substring(self)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let code = rest[percent...].prefix(3)
            if code.lowercased() == "%2e" {
                result += "."
                rest = rest[code.endIndex...]
            } else {
                result += "%"
                rest = rest[rest.index(after: percent)...]
            }
        }
        return result + rest
    }
}
