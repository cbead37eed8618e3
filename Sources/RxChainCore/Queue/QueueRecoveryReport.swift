/// What ``SyncQueue/open(directory:durability:deviceID:lockWait:)`` found and repaired.
///
/// A clean shutdown (or a crash between writes) gives a clean report. Anything else is
/// repaired without losing a line that was reported persisted, and listed here.
package struct QueueRecoveryReport: Sendable, Equatable, CustomStringConvertible {
    /// The line number of a torn last line that was cut off, if any: a last line without
    /// its newline, so a write the crash interrupted, never one reported persisted.
    package var truncatedLine: Int?
    /// How many bytes were cut off the end of the log.
    package var truncatedBytes = 0
    /// Why the last line was judged torn.
    package var truncationReason: String?
    /// Lines moved to `quarantine.jsonl` by this open: complete lines (the last one
    /// included) that are corrupt or contradict the lines before them.
    package var quarantined: [QuarantinedLine] = []
    /// Whether a compaction interrupted by a crash left its temporary file, now removed
    /// (the log it was replacing was still whole).
    package var removedInterruptedCompaction = false
    /// Whether the directory held no log, so an empty queue was created.
    package var createdNewQueue = false
    /// Pending requests after recovery.
    package var pendingCount = 0
    /// Dead letters after recovery.
    package var deadLetterCount = 0

    /// Creates an empty report.
    package init() {}

    /// Whether nothing needed repair.
    package var isClean: Bool {
        truncatedLine == nil && quarantined.isEmpty && !removedInterruptedCompaction
    }

    package var description: String {
        var parts = ["\(pendingCount) pending, \(deadLetterCount) dead letters"]
        if createdNewQueue { parts.append("new queue") }
        if let line = truncatedLine {
            parts.append(
                "truncated torn line \(line) (\(truncatedBytes) bytes: \(truncationReason ?? "torn"))")
        }
        for line in quarantined { parts.append("quarantined line \(line.lineNumber): \(line.reason)") }
        if removedInterruptedCompaction { parts.append("removed an interrupted compaction") }
        return parts.joined(separator: "; ")
    }
}
