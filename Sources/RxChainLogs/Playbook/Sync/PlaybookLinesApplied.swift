/// What ``PlaybookDomain/apply(lines:to:actionIDs:linesBefore:)`` did with a chunk of lines.
@usableFromInline package struct PlaybookLinesApplied: Sendable, Hashable {
    /// Complete lines read (blank, duplicate and bad ones included).
    @usableFromInline package var linesRead: Int
    /// One sentence per line that was skipped (unreadable, a duplicate, a clash), naming its line number.
    @usableFromInline package var diagnostics: [String]

    /// Creates a report.
    @usableFromInline package init(linesRead: Int, diagnostics: [String] = []) {
        self.linesRead = linesRead
        self.diagnostics = diagnostics
    }
}
