import RxChain
import Signals

/// Replaying a large feed on several threads (see ``ReplayParallelism``).
extension PlaybookReplay {
    /// A valid transaction action waiting for its part's editing thread.
    struct PendingEdit: Sendable {
        /// The line's index in the batch.
        let line: Int
        let action: LedgerAction
        let stamp: ActionStamp?
    }

    /// A line the in-order pass must see: one that is not a valid transaction action.
    struct InOrderLine: Sendable {
        enum Content: Sendable {
            /// Not a valid action (unreadable, or an action breaking a rule of its own).
            case invalid(LedgerActionError)
            /// A category action.
            case category(LedgerAction)
        }

        /// The line's index in the batch.
        let line: Int
        let stamp: ActionStamp?
        let content: Content
    }

    /// One parsing thread's run of consecutive lines, sorted for the steps after parsing.
    struct ParsedRun: Sendable {
        /// The valid transaction actions, by part, each part's in line order.
        var edits: [[PendingEdit]]
        /// The other lines but blank ones, in line order (few: invalid and category lines).
        var inOrder: [InOrderLine] = []
        var blank = 0
        var devices = RunDevices()
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

    /// Replays `lines` (ranges of `bytes`: consecutive complete lines, each without its `\n`),
    /// with the same result as ``consumeLine(_:)`` on each of them in turn.
    ///
    /// 1. Each thread parses a run of consecutive lines, and notes per line where its
    ///    `actionId` stands in the run (``RunDevices``).
    /// 2. This thread carries the devices' marks from run to run, then takes the few lines
    ///    that are not transaction actions in line order: diagnostics and the category list.
    /// 3. Each thread edits one part of the records: its part's actions that are not
    ///    duplicates, and every category move, in line order.
    mutating func consumeBatch(_ bytes: UnsafeRawBufferPointer, lines: [Range<Int>]) {
        let parts = parallelism.parts
        let shared = SharedBytes(bytes: bytes)
        let runs = concurrentMap(count: parts) { run in
            Self.parse(
                shared, lines: lines, from: lines.count * run / parts, to: lines.count * (run + 1) / parts,
                parts: parts)
        }
        let carried = carryMarks(through: runs)
        let moves = takeInOrder(runs, carried: carried, lines: lines, shared: shared)
        counts.linesRead += lines.count
        if let first = lines.first, let last = lines.last { consumedBytes += last.upperBound + 1 - first.lowerBound }
        editParts(runs, carried: carried, moves: moves)
    }

    /// Carries each device's high-water mark through the runs: returns the marks each run's
    /// devices carry into it (by slot), and leaves ``highWaterMarks`` as they are after the batch.
    private mutating func carryMarks(through runs: [ParsedRun]) -> [[UInt64?]] {
        recentDevices.flush(into: &highWaterMarks)
        var carried: [[UInt64?]] = []
        for run in runs {
            carried.append(run.devices.deviceIDs.map { highWaterMarks[$0] })
            for (deviceID, highest) in zip(run.devices.deviceIDs, run.devices.highest) {
                highWaterMarks[deviceID] = max(highWaterMarks[deviceID] ?? 0, highest)
            }
        }
        return carried
    }

    /// Takes the lines that are not transaction actions in line order: blank and duplicate
    /// counts, diagnostics, the category list. Returns the category moves with their lines.
    private mutating func takeInOrder(
        _ runs: [ParsedRun], carried: [[UInt64?]], lines: [Range<Int>], shared: SharedBytes
    ) -> [(line: Int, move: CategoryMove)] {
        var moves: [(line: Int, move: CategoryMove)] = []
        for (run, carried) in zip(runs, carried) {
            counts.blank += run.blank
            for line in run.inOrder {
                if let stamp = line.stamp, stamp.isDuplicate(carried: carried) {
                    counts.duplicates += 1
                    continue
                }
                switch line.content {
                case .invalid(let error):
                    report(error, lineNumber: counts.linesRead + line.line + 1, text: shared.line(lines[line.line]))
                case .category(let action):
                    let (outcome, move) = LedgerRules.applyToCategories(action, in: &categories)
                    counts.count(outcome)
                    if let move { moves.append((line.line, move)) }
                }
            }
        }
        return moves
    }

    /// Edits the records on one thread per part: each part's transaction actions that are not
    /// duplicates, and every category move, in line order.
    private mutating func editParts(
        _ runs: [ParsedRun], carried: [[UInt64?]], moves: [(line: Int, move: CategoryMove)]
    ) {
        let parts = parallelism.parts
        if transactionParts.count != parts {
            transactionParts = TreeDictionary(joining: transactionParts).split(into: parts)
        }
        let handover = Lock(transactionParts.map { Optional($0) })
        transactionParts = []
        let tallies = concurrentMap(count: parts) { part in
            // Taken out of the handover, so this thread holds the only reference and edits in place.
            var records = handover.withLock { slots in
                defer { slots[part] = nil }
                return slots[part]!
            }
            var tally = ReplayCounts()
            var nextMove = 0
            for (run, carried) in zip(runs, carried) {
                for edit in run.edits[part] {
                    if let stamp = edit.stamp, stamp.isDuplicate(carried: carried) {
                        tally.duplicates += 1
                        continue
                    }
                    while nextMove < moves.count, moves[nextMove].line < edit.line {
                        LedgerRules.move(moves[nextMove].move, in: &records)
                        nextMove += 1
                    }
                    tally.count(LedgerRules.applyToTransactions(edit.action, in: &records))
                }
            }
            for remaining in moves[nextMove...] { LedgerRules.move(remaining.move, in: &records) }
            handover.withLock { $0[part] = records }
            return tally
        }
        transactionParts = handover.withLock { slots in slots.map { $0! } }
        for tally in tallies {
            counts.applied += tally.applied
            counts.ignored += tally.ignored
            counts.duplicates += tally.duplicates
        }
    }

    /// Parses lines `lower..<upper` of a batch into a ``ParsedRun``.
    static func parse(
        _ shared: SharedBytes, lines: [Range<Int>], from lower: Int, to upper: Int, parts: Int
    ) -> ParsedRun {
        var run = ParsedRun(edits: Array(repeating: [], count: parts))
        for index in lower..<upper {
            switch read(shared.line(lines[index])) {
            case .blank:
                run.blank += 1
            case .invalid(let error):
                run.inOrder.append(InOrderLine(line: index, stamp: nil, content: .invalid(error)))
            case .entry(let entry):
                let stamp = entry.actionId.map { run.devices.stamp($0) }
                let action = entry.action
                if let error = action.validationError {
                    run.inOrder.append(InOrderLine(line: index, stamp: stamp, content: .invalid(error)))
                } else if let id = action.transactionID {
                    let part = TreeDictionary<String, Transaction>.part(of: id, among: parts)
                    run.edits[part].append(PendingEdit(line: index, action: action, stamp: stamp))
                } else {
                    run.inOrder.append(InOrderLine(line: index, stamp: stamp, content: .category(action)))
                }
            }
        }
        return run
    }
}
