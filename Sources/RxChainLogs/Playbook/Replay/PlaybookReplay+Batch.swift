import RxChainCollections
import RxChainSystem

/// Replaying a large feed on several threads (see ``ReplayParallelism``).
extension PlaybookReplay {
    /// A valid entity action waiting for its part's editing thread.
    @usableFromInline struct PendingEdit: Sendable {
        /// The line's index in the batch.
        @usableFromInline let line: Int
        @usableFromInline let action: Domain.Action

        @inlinable init(line: Int, action: Domain.Action) {
            self.line = line
            self.action = action
        }
    }

    /// A line the in-order pass must see: one that is not a valid entity action.
    @usableFromInline struct InOrderLine: Sendable {
        @usableFromInline enum Content: Sendable {
            /// Not a valid action (unreadable, or an action invalid in itself): why.
            case invalid(String)
            /// An action applied in line order (``ActionScope/all``, or any action of a
            /// domain without entities).
            case action(Domain.Action)
        }

        /// The line's index in the batch.
        @usableFromInline let line: Int
        @usableFromInline let content: Content

        @inlinable init(line: Int, content: Content) {
            self.line = line
            self.content = content
        }
    }

    /// A valid line's claim on its actionId, waiting for the in-order pass.
    @usableFromInline struct PendingClaim: Sendable {
        /// The line's index in the batch.
        @usableFromInline let line: Int
        /// The device's slot in its run's ``ParsedRun/devices``.
        @usableFromInline let device: Int
        @usableFromInline let seq: UInt64
        @usableFromInline let digest: UInt64

        @inlinable init(line: Int, device: Int, seq: UInt64, digest: UInt64) {
            self.line = line
            self.device = device
            self.seq = seq
            self.digest = digest
        }
    }

    /// A line of the batch that is skipped because an earlier line holds its actionId.
    @usableFromInline struct SkippedLine: Sendable {
        @usableFromInline let claim: ActionIDIndex.Claim
        @usableFromInline let actionID: ActionID

        @inlinable init(claim: ActionIDIndex.Claim, actionID: ActionID) {
            self.claim = claim
            self.actionID = actionID
        }
    }

    /// An ``ActionScope/all`` action's edit of every entity, at its line.
    @usableFromInline struct LineEdit: Sendable {
        @usableFromInline let line: Int
        @usableFromInline let edit: Domain.EntityEdit

        @inlinable init(line: Int, edit: Domain.EntityEdit) {
            self.line = line
            self.edit = edit
        }
    }

    /// One parsing thread's run of consecutive lines, sorted for the steps after parsing.
    @usableFromInline struct ParsedRun: Sendable {
        /// The valid entity actions, by part, each part's in line order.
        @usableFromInline var edits: [[PendingEdit]]
        /// The other lines but blank ones, in line order.
        @usableFromInline var inOrder: [InOrderLine] = []
        /// The actionIds of the run's valid lines, in line order.
        @usableFromInline var claims: [PendingClaim] = []
        @usableFromInline var blank = 0
        /// The devices of the run's actionIds (a claim names its device by slot).
        @usableFromInline var devices = DeviceSlots()

        @inlinable init(parts: Int) {
            edits = Array(repeating: [], count: parts)
        }
    }

    /// What the editing threads found, per part.
    @usableFromInline struct PartTally: Sendable {
        @usableFromInline var applied = 0
        @usableFromInline var ignored = 0
        /// Entity actions the rules found invalid, with their lines.
        @usableFromInline var invalid: [(line: Int, reason: String)] = []

        @inlinable init() {}
    }

    /// A feed's bytes, read by the parsing threads while `feed` waits for them.
    ///
    /// `@unchecked Sendable` is sound here: the bytes are only read, and ``concurrentMap``
    /// returns (every reader done) before `feed` returns, so the caller's buffer outlives
    /// every read.
    @usableFromInline struct SharedBytes: @unchecked Sendable {
        @usableFromInline let bytes: UnsafeRawBufferPointer

        @inlinable init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        @inlinable func line(_ range: Range<Int>) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[range])
        }
    }

    /// Replays `lines` (ranges of `bytes`: consecutive complete lines, each without its `\n`),
    /// with the same result as ``consumeLine(_:)`` on each of them in turn.
    ///
    /// 1. Each thread reads a run of consecutive lines, and notes each valid line's actionId
    ///    with the digest of the line.
    /// 2. This thread claims the actionIds in line order (``ActionIDIndex``: a few nanoseconds a
    ///    line), then takes the lines that are not entity actions in line order: diagnostics,
    ///    and the actions of scope ``ActionScope/all`` (all actions, for a domain without entities).
    /// 3. With entities, each thread edits one part of the entity map: its part's actions whose
    ///    claim came first, and every ``ActionScope/all`` action's edit, in line order.
    @inlinable mutating func consumeBatch(_ bytes: UnsafeRawBufferPointer, lines: [Range<Int>]) {
        let parts = domain.entities == nil ? 1 : parallelism.parts
        let threads = parallelism.parts
        let shared = SharedBytes(bytes: bytes)
        let domain = self.domain
        let runs = concurrentMap(count: threads) { run in
            Self.parse(
                shared, lines: lines, from: lines.count * run / threads, to: lines.count * (run + 1) / threads,
                parts: parts, domain: domain)
        }
        let diagnosticsBefore = diagnostics.count
        let skipped = claimActionIDs(of: runs)
        let edits = takeInOrder(runs, skipped: skipped, lines: lines, shared: shared)
        let firstLineNumber = counts.linesRead + 1
        _counts.linesRead += lines.count
        if let first = lines.first, let last = lines.last { _consumedBytes += last.upperBound + 1 - first.lowerBound }
        guard domain.entities != nil else { return }
        let invalid = editParts(runs, skipped: skipped, edits: edits)
        guard !invalid.isEmpty else { return }
        for (line, reason) in invalid {
            _diagnostics.append(
                invalidDiagnostic(reason, lineNumber: firstLineNumber + line, text: shared.line(lines[line])))
        }
        _diagnostics[diagnosticsBefore...].sort { $0.line < $1.line }
    }

    /// Claims the runs' actionIds in line order; returns the lines an earlier line's claim
    /// skips (by index in the batch), counted as duplicates or clashes.
    @inlinable mutating func claimActionIDs(of runs: [ParsedRun]) -> [Int: SkippedLine] {
        var skipped: [Int: SkippedLine] = [:]
        for run in runs where !run.claims.isEmpty {
            var slots: [ActionIDIndex.Slot] = []
            for deviceID in run.devices.deviceIDs { slots.append(recentDevices.slot(of: deviceID, in: &_actionIDs)) }
            for claim in run.claims {
                let outcome = _actionIDs.claim(seq: claim.seq, digest: claim.digest, in: slots[claim.device])
                guard outcome != .first else { continue }
                let actionID = ActionID(deviceID: run.devices.deviceIDs[claim.device], seq: claim.seq)
                skipped[claim.line] = SkippedLine(claim: outcome, actionID: actionID)
            }
        }
        return skipped
    }

    /// Takes the lines that are not entity actions in line order: blank counts, diagnostics
    /// (the skipped lines' too), the actions applied in order. Returns their entity edits
    /// with their lines.
    @inlinable mutating func takeInOrder(
        _ runs: [ParsedRun], skipped: [Int: SkippedLine], lines: [Range<Int>], shared: SharedBytes
    ) -> [LineEdit] {
        let firstLineNumber = counts.linesRead + 1
        var edits: [LineEdit] = []
        var found: [ReplayDiagnostic] = []
        for (line, skip) in skipped {
            found.append(
                skippedDiagnostic(
                    skip.claim, skip.actionID, lineNumber: firstLineNumber + line, text: shared.line(lines[line])))
        }
        let hasEntities = domain.entities != nil
        for run in runs {
            _counts.blank += run.blank
            for line in run.inOrder where skipped[line.line] == nil {
                let reason: String
                switch line.content {
                case .invalid(let why):
                    reason = why
                case .action(let action):
                    let outcome: RuleOutcome<Domain.IgnoreReason, Domain.LineError>
                    if hasEntities {
                        let edit: Domain.EntityEdit?
                        (outcome, edit) = domain.applyToAll(action, to: &base)
                        if let edit { edits.append(LineEdit(line: line.line, edit: edit)) }
                    } else {
                        outcome = domain.apply(action, to: &base)
                    }
                    guard let error = count(outcome) else { continue }
                    reason = error.description
                }
                found.append(
                    invalidDiagnostic(
                        reason, lineNumber: firstLineNumber + line.line, text: shared.line(lines[line.line])))
            }
        }
        if !skipped.isEmpty { found.sort { $0.line < $1.line } }
        _diagnostics += found
        return edits
    }

    /// Edits the entities on one thread per part: each part's entity actions that are not
    /// skipped, and every in-order action's edit, in line order. Returns the entity actions
    /// the rules found invalid (by line in the batch).
    @inlinable mutating func editParts(
        _ runs: [ParsedRun], skipped: [Int: SkippedLine], edits: [LineEdit]
    ) -> [(line: Int, reason: String)] {
        let parts = parallelism.parts
        if entityParts.count != parts {
            entityParts = TreeDictionary(joining: entityParts).split(into: parts)
        }
        let handover = Lock(entityParts.map { Optional($0) })
        entityParts = []
        let domain = self.domain
        let tallies = concurrentMap(count: parts) { part in
            // Taken out of the handover, so this thread holds the only reference and edits in place.
            var entities = handover.withLock { slots in
                defer { slots[part] = nil }
                return slots[part]!
            }
            var tally = PartTally()
            var nextEdit = 0
            for run in runs {
                for pending in run.edits[part] {
                    if !skipped.isEmpty, skipped[pending.line] != nil { continue }
                    while nextEdit < edits.count, edits[nextEdit].line < pending.line {
                        domain.apply(edits[nextEdit].edit, toEntities: &entities)
                        nextEdit += 1
                    }
                    switch domain.apply(pending.action, toEntities: &entities) {
                    case .applied: tally.applied += 1
                    case .ignored: tally.ignored += 1
                    case .invalid(let error): tally.invalid.append((pending.line, error.description))
                    }
                }
            }
            for remaining in edits[nextEdit...] { domain.apply(remaining.edit, toEntities: &entities) }
            handover.withLock { $0[part] = entities }
            return tally
        }
        entityParts = handover.withLock { slots in slots.map { $0! } }
        var invalid: [(line: Int, reason: String)] = []
        for tally in tallies {
            _counts.applied += tally.applied
            _counts.ignored += tally.ignored
            invalid += tally.invalid
        }
        return invalid
    }

    /// Reads lines `lower..<upper` of a batch into a ``ParsedRun``.
    @inlinable static func parse(
        _ shared: SharedBytes, lines: [Range<Int>], from lower: Int, to upper: Int, parts: Int, domain: Domain
    ) -> ParsedRun {
        var run = ParsedRun(parts: parts)
        let hasEntities = domain.entities != nil
        for index in lower..<upper {
            switch read(shared.line(lines[index]), domain: domain) {
            case .blank:
                run.blank += 1
            case .invalid(let error):
                run.inOrder.append(InOrderLine(line: index, content: .invalid(error.description)))
            case .entry(let entry):
                let action = entry.action
                if let error = domain.validationError(of: action) {
                    run.inOrder.append(InOrderLine(line: index, content: .invalid(error.description)))
                    continue
                }
                if let actionID = entry.actionId {
                    let device = run.devices.slot(of: actionID.deviceID).slot
                    run.claims.append(
                        PendingClaim(
                            line: index, device: device, seq: actionID.seq,
                            digest: LineDigest.of(shared.line(lines[index]))))
                }
                if hasEntities, case .entity(let key) = domain.scope(of: action) {
                    let part = TreeDictionary<Domain.EntityKey, Domain.Entity>.part(of: key, among: parts)
                    run.edits[part].append(PendingEdit(line: index, action: action))
                } else {
                    run.inOrder.append(InOrderLine(line: index, content: .action(action)))
                }
            }
        }
        return run
    }
}
