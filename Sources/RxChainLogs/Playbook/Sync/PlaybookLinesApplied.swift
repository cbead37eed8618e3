/// What ``PlaybookDomain/apply(lines:to:actionIDs:linesBefore:)`` did with a chunk of lines.
public struct PlaybookLinesApplied: Sendable, Hashable {
    /// Complete lines read (blank, duplicate and bad ones included).
    public var linesRead: Int
    /// One sentence per line that was skipped (unreadable, a duplicate, a clash), naming its line number.
    public var diagnostics: [String]

    /// Creates a report.
    public init(linesRead: Int, diagnostics: [String] = []) {
        self.linesRead = linesRead
        self.diagnostics = diagnostics
    }
}
