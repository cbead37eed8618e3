/// What one commit writes: accepted entries in acceptance order, each with whether the append
/// batch it belongs to goes on after it (``LogBookState/continuesBatch``).
///
/// A commit takes every entry accepted since the last one, so it holds whole append batches.
struct JournalBatch: Sendable {
    var entries: [LogEntry]
    var continuesBatch: [Bool]
}
