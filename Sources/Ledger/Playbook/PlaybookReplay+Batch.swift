import RxChain
import Signals

/// Replaying a large feed on several threads (see ``ReplayParallelism``).
extension PlaybookReplay {
    /// A valid transaction action waiting for its part's editing thread.
    struct PendingEdit: Sendable {
        /// The line's index in the batch.
        let line: Int
        let action: LedgerAction
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
        let content: Content
    }

    /// A valid line's claim on its actionId, waiting for the in-order pass.
    struct PendingClaim: Sendable {
        /// The line's index in the batch.
        let line: Int
        /// The device's slot in its run's ``ParsedRun/devices``.
        let device: Int
        let seq: UInt64
        let digest: UInt64
    }

    /// A line of the batch that is skipped because an earlier line holds its actionId.
    struct SkippedLine: Sendable {
        let claim: ActionIDIndex.Claim
        let actionID: ActionID
    }

    /// One parsing thread's run of consecutive lines, sorted for the steps after parsing.
    struct ParsedRun: Sendable {
        /// The valid transaction actions, by part, each part's in line order.
        var edits: [[PendingEdit]]
        /// The other lines but blank ones, in line order (few: invalid and category lines).
        var inOrder: [InOrderLine] = []
        /// The actionIds of the run's valid lines, in line order.
        var claims: [PendingClaim] = []
        var blank = 0
        /// The devices of the run's actionIds (a claim names its device by slot).
        var devices = DeviceSlots()
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
    /// 1. Each thread parses a run of consecutive lines, and notes each valid line's
    ///    actionId with the digest of the line.
    /// 2. This thread claims the actionIds in line order (``ActionIDIndex``: a few nanoseconds a
    ///    line), then takes the few lines that are not transaction actions in line order:
    ///    diagnostics and the category list.
    /// 3. Each thread edits one part of the records: its part's actions whose claim came first,
    ///    and every category move, in line order.
    mutating func consumeBatch(_ bytes: UnsafeRawBufferPointer, lines: [Range<Int>]) {
        let parts = parallelism.parts
        let shared = SharedBytes(bytes: bytes)
        let runs = concurrentMap(count: parts) { run in
            Self.parse(
                shared, lines: lines, from: lines.count * run / parts, to: lines.count * (run + 1) / parts,
                parts: parts)
        }
        let skipped = claimActionIDs(of: runs)
        let moves = takeInOrder(runs, skipped: skipped, lines: lines, shared: shared)
        counts.linesRead += lines.count
        if let first = lines.first, let last = lines.last { consumedBytes += last.upperBound + 1 - first.lowerBound }
        editParts(runs, skipped: skipped, moves: moves)
    }

    /// Claims the runs' actionIds in line order; returns the lines an earlier line's claim
    /// skips (by index in the batch), counted as duplicates or clashes.
    private mutating func claimActionIDs(of runs: [ParsedRun]) -> [Int: SkippedLine] {
        var skipped: [Int: SkippedLine] = [:]
        for run in runs where !run.claims.isEmpty {
            var slots: [ActionIDIndex.Slot] = []
            for deviceID in run.devices.deviceIDs { slots.append(recentDevices.slot(of: deviceID, in: &actionIDs)) }
            for claim in run.claims {
                let outcome = actionIDs.claim(seq: claim.seq, digest: claim.digest, in: slots[claim.device])
                guard outcome != .first else { continue }
                let actionID = ActionID(deviceID: run.devices.deviceIDs[claim.device], seq: claim.seq)
                skipped[claim.line] = SkippedLine(claim: outcome, actionID: actionID)
            }
        }
        return skipped
    }

    /// Takes the lines that are not transaction actions in line order: blank counts,
    /// diagnostics (the skipped lines' too), the category list. Returns the category moves
    /// with their lines.
    private mutating func takeInOrder(
        _ runs: [ParsedRun], skipped: [Int: SkippedLine], lines: [Range<Int>], shared: SharedBytes
    ) -> [(line: Int, move: CategoryMove)] {
        let firstLineNumber = counts.linesRead + 1
        var moves: [(line: Int, move: CategoryMove)] = []
        var found: [ReplayDiagnostic] = []
        for (line, skip) in skipped {
            found.append(
                skippedDiagnostic(
                    skip.claim, skip.actionID, lineNumber: firstLineNumber + line, text: shared.line(lines[line])))
        }
        for run in runs {
            counts.blank += run.blank
            for line in run.inOrder where skipped[line.line] == nil {
                switch line.content {
                case .invalid(let error):
                    found.append(
                        invalidDiagnostic(
                            error, lineNumber: firstLineNumber + line.line, text: shared.line(lines[line.line])))
                case .category(let action):
                    let (outcome, move) = LedgerRules.applyToCategories(action, in: &categories)
                    counts.count(outcome)
                    if let move { moves.append((line.line, move)) }
                }
            }
        }
        if !skipped.isEmpty { found.sort { $0.line < $1.line } }
        diagnostics += found
        return moves
    }

    /// Edits the records on one thread per part: each part's transaction actions that are not
    /// skipped, and every category move, in line order.
    private mutating func editParts(
        _ runs: [ParsedRun], skipped: [Int: SkippedLine], moves: [(line: Int, move: CategoryMove)]
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
            for run in runs {
                for edit in run.edits[part] {
                    if !skipped.isEmpty, skipped[edit.line] != nil { continue }
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
                run.inOrder.append(InOrderLine(line: index, content: .invalid(error)))
            case .entry(let entry):
                let action = entry.action
                if let error = action.validationError {
                    run.inOrder.append(InOrderLine(line: index, content: .invalid(error)))
                    continue
                }
                if let actionID = entry.actionId {
                    let device = run.devices.slot(of: actionID.deviceID).slot
                    run.claims.append(
                        PendingClaim(
                            line: index, device: device, seq: actionID.seq,
                            digest: LineDigest.of(shared.line(lines[index]))))
                }
                if let id = action.transactionID {
                    let part = TreeDictionary<String, Transaction>.part(of: id, among: parts)
                    run.edits[part].append(PendingEdit(line: index, action: action))
                } else {
                    run.inOrder.append(InOrderLine(line: index, content: .category(action)))
                }
            }
        }
        return run
    }
}
