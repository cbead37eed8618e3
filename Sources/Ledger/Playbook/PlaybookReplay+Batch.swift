import RxChain
import Signals

/// Replaying a large feed on several threads (see ``ReplayParallelism``).
extension PlaybookReplay {
    /// A transaction action waiting for its part's editing thread, with its line's index in the batch.
    struct PendingEdit: Sendable {
        let line: Int
        let action: LedgerAction
    }

    /// One parsing thread's run of consecutive lines: a summary per line, and the run's
    /// transaction actions sorted by part (each part's in line order).
    struct ParsedRun: Sendable {
        var summaries: [LineSummary] = []
        var edits: [[PendingEdit]]
    }

    /// A feed's bytes, read by the parsing threads while `feed` waits for them.
    ///
    /// `@unchecked Sendable` is sound here: the bytes are only read, and ``concurrentMap``
    /// returns (every reader done) before `feed` returns, so the caller's buffer outlives
    /// every read.
    struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer

        func line(_ range: Range<Int>) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[range])
        }
    }

    /// Replays `lines` (ranges of `bytes`: complete lines, each without its `\n`), with the
    /// same result as ``consumeLine(_:)`` on each of them in turn.
    mutating func consumeBatch(_ bytes: UnsafeRawBufferPointer, lines: [Range<Int>]) {
        let parts = parallelism.parts
        let shared = SharedBytes(bytes: bytes)

        // 1. Parse, on one thread per run of consecutive lines.
        let runs = concurrentMap(count: parts) { run in
            Self.parse(
                shared, lines: lines, from: lines.count * run / parts, to: lines.count * (run + 1) / parts,
                parts: parts)
        }

        // 2. In line order, on this thread: counts, diagnostics, duplicates, the category list.
        var admitted = [Bool](repeating: false, count: lines.count)
        var moves: [(line: Int, move: CategoryMove)] = []
        var index = 0
        for run in runs {
            for summary in run.summaries {
                defer { index += 1 }
                guard admit(summary, line: shared.line(lines[index])) else { continue }
                if case .action(_, _, let category?) = summary {
                    let (outcome, move) = LedgerRules.applyToCategories(category, in: &categories)
                    count(outcome)
                    if let move { moves.append((index, move)) }
                } else {
                    admitted[index] = true
                }
            }
        }

        // 3. Edit the records, on one thread per part: its admitted edits and every category
        //    move, in line order.
        if transactionParts.count != parts {
            transactionParts = TreeDictionary(joining: transactionParts).split(into: parts)
        }
        let handover = Lock(transactionParts.map { Optional($0) })
        transactionParts = []
        let (isAdmitted, categoryMoves) = (admitted, moves)
        let outcomes = concurrentMap(count: parts) { part -> (applied: Int, ignored: Int) in
            // Taken out of the handover, so this thread holds the only reference and edits in place.
            var records = handover.withLock { slots in
                defer { slots[part] = nil }
                return slots[part]!
            }
            var tally = (applied: 0, ignored: 0)
            var nextMove = 0
            for run in runs {
                for edit in run.edits[part] where isAdmitted[edit.line] {
                    while nextMove < categoryMoves.count, categoryMoves[nextMove].line < edit.line {
                        LedgerRules.move(categoryMoves[nextMove].move, in: &records)
                        nextMove += 1
                    }
                    switch LedgerRules.applyToTransactions(edit.action, in: &records) {
                    case .applied: tally.applied += 1
                    case .ignored: tally.ignored += 1
                    case .invalid: preconditionFailure("PlaybookReplay: actions are validated before they are applied")
                    }
                }
            }
            for remaining in categoryMoves[nextMove...] { LedgerRules.move(remaining.move, in: &records) }
            handover.withLock { $0[part] = records }
            return tally
        }
        transactionParts = handover.withLock { slots in slots.map { $0! } }
        for outcome in outcomes {
            counts.applied += outcome.applied
            counts.ignored += outcome.ignored
        }
    }

    /// Parses lines `lower..<upper` of a batch: a summary per line, transaction actions by part.
    static func parse(
        _ shared: SharedBytes, lines: [Range<Int>], from lower: Int, to upper: Int, parts: Int
    ) -> ParsedRun {
        var run = ParsedRun(edits: Array(repeating: [], count: parts))
        run.summaries.reserveCapacity(upper - lower)
        for index in lower..<upper {
            let read = read(shared.line(lines[index]))
            let summary = LineSummary(read)
            run.summaries.append(summary)
            if case .entry(let entry) = read, case .action(_, nil, nil) = summary,
                let id = entry.action.transactionID
            {
                let part = TreeDictionary<String, Transaction>.part(of: id, among: parts)
                run.edits[part].append(PendingEdit(line: index, action: entry.action))
            }
        }
        return run
    }
}
