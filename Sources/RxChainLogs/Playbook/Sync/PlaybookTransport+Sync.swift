import Foundation
import RxChainCore
import RxChainSystem

extension PlaybookTransport {
    /// One sync step: download, plan, append. Runs with the turn held.
    func sync(_ batch: [QueueRecord]) async -> SyncOutcome {
        let started = now()
        updateStatus {
            $0.lastStartedAt = started
            $0.lastLinesDownloaded = 0
            $0.lastLinesUploaded = 0
        }
        let outcome: SyncOutcome
        var isPermanent = false
        do {
            try await loadLocalCopyIfNeeded()
            let ownClaims = try await download()
            if let identity, case let found = strangers(among: ownClaims, of: identity), !found.isEmpty {
                outcome = try await takeNewDeviceID(identity, because: Self.describe(found, of: identity.deviceID))
            } else {
                if let identity { continueNumbering(identity) }
                outcome = try await upload(batch)
            }
        } catch let error as PlaybookRemoteError {
            // Never `.permanentFailure`: that dead-letters the batch's first record, and these
            // errors concern the remote (or the disk), not a record. The status says it instead.
            isPermanent = !error.isTransient
            outcome = .retryLater(
                reason: isPermanent
                    ? "\(error.description) (permanent: retrying will not help until this is fixed)"
                    : error.description)
        } catch {
            outcome = .retryLater(reason: "\(error)")
        }
        let finished = now()
        updateStatus { status in
            if outcome == .acknowledged {
                status.lastSucceededAt = finished
                status.lastError = nil
                status.lastErrorIsPermanent = nil
            } else {
                status.lastFailedAt = finished
                status.lastError = Self.reason(of: outcome)
                status.lastErrorIsPermanent = isPermanent ? true : nil
            }
        }
        await saveStatus()
        return outcome
    }

    /// Reads `playbook.copy` for a remote that needs it, once: cut back to the snapshot's
    /// lines, or, when it holds fewer, emptied with the snapshot (the download then reads
    /// the playbook from its start).
    private func loadLocalCopyIfNeeded() async throws {
        guard remote.needsLocalCopy, localCopy == nil else { return }
        let (path, lineCount) = (directory.path, snapshot.lineCount)
        let copy = try await io.performBlocking { try PlaybookLocalCopy.load(directory: path, lineCount: lineCount) }
        localCopy = copy ?? Data()
        localCopyOnDisk = copy?.count
        if copy == nil {
            resetSnapshot(
                because: "\(PlaybookLocalCopy.path(path)) holds fewer lines than were read; reading the playbook "
                    + "from the start")
        }
    }

    /// Reads the lines after the saved cursor, if the remote moved, and applies them.
    ///
    /// - Returns: the claims the new lines made on the device's own id (none without an identity).
    private func download() async throws -> [(seq: UInt64, digest: UInt64)] {
        let current = try await remote.currentRevision()
        if current.isNoPlaybook, snapshot.lineCount > 0 {
            // Never start a new playbook where one was: a share that is not mounted looks like this.
            throw PlaybookRemoteError.vanished(
                location: remote.location, linesRead: snapshot.lineCount, localFile: directory.path)
        }
        if current == snapshot.revision, snapshot.hasRead || current.isNoPlaybook, !needsSnapshotWrite { return [] }
        let chunk: PlaybookChunk
        do {
            chunk = try await remote.read(after: snapshot.cursor)
        } catch PlaybookRemoteError.invalidCursor(_, _, let reason) {
            // The playbook at this location was replaced: what was read no longer exists.
            resetSnapshot(because: "the playbook was replaced (\(reason)); reading it from the start")
            chunk = try await remote.read(after: nil)
        }
        let (read, ownClaims) = try await applyAndPersist(chunk.lines, revision: chunk.revision, cursor: chunk.cursor)
        updateStatus {
            $0.lastLinesDownloaded = read
            $0.linesDownloaded += read
        }
        return ownClaims
    }

    /// Plans `batch` against the fresh snapshot and appends what it needs.
    private func upload(_ batch: [QueueRecord]) async throws -> SyncOutcome {
        guard !batch.isEmpty else { return .acknowledged }
        if let identity,
            let stale = batch.first(where: {
                ActionID(parsing: $0.key)?.deviceID != identity.deviceID && !snapshot.holds($0, domain: domain)
            })
        {
            // Read before the device took a new id: the queue holds the record under the new one now.
            return .conflict(reason: "record \(stale.seq) carries \(stale.key), not device id \(identity.deviceID)")
        }
        let plan = PlaybookUploadPlan(
            batch: batch, state: snapshot.state, actionIDs: snapshot.actionIDs, domain: domain)
        if let first = plan.clashing.first {
            let found =
                "a different line under actionId \(first.key)"
                + (plan.clashing.count > 1 ? " (and \(plan.clashing.count - 1) more of its pending actions)" : "")
            guard let identity else {
                return .retryLater(reason: "\(found): these actions need a new device id before they can be appended")
            }
            return try await takeNewDeviceID(identity, because: found)
        }
        report(plan)
        guard !plan.lines.isEmpty else { return .acknowledged }
        let outcome = try await remote.append(
            plan.lines, expecting: snapshot.revision, localCopy: localCopy.map { $0 + plan.lines })
        switch outcome {
        case .conflict(let current):
            return .conflict(reason: "the playbook moved from \(snapshot.revision) to \(current)")
        case .committed(let revision, let cursor):
            let (count, _) = try await applyAndPersist(plan.lines, revision: revision, cursor: cursor)
            updateStatus {
                $0.lastLinesUploaded = count
                $0.linesUploaded += count
            }
            return .acknowledged
        }
    }

    /// Applies `lines` (which continue the snapshot) and makes the result durable: a
    /// journal entry, or a whole new snapshot when the journal grew past it.
    ///
    /// The in-memory snapshot moves first; if writing fails, the next write is a whole
    /// snapshot, and the disk keeps its older, consistent prefix meanwhile.
    /// Returns how many lines were applied, and the claims they made on the device's own id.
    private func applyAndPersist(_ lines: Data, revision: Revision, cursor: PlaybookCursor) async throws -> (
        Int, [(seq: UInt64, digest: UInt64)]
    ) {
        let fromLine = snapshot.lineCount
        let ownID = identity?.deviceID
        var mark: ActionIDIndex.Mark?
        if let ownID { mark = snapshot.actionIDs.mark(of: ownID) }
        var next = snapshot
        // Keeps `next.state` and `next.actionIDs` uniquely referenced, so applying copies neither.
        snapshot.state = domain.emptyState
        snapshot.actionIDs = ActionIDIndex()
        let applied = domain.apply(
            lines: lines, to: &next.state, actionIDs: &next.actionIDs, linesBefore: fromLine)
        var ownClaims: [(seq: UInt64, digest: UInt64)] = []
        if let ownID, let mark { ownClaims = next.actionIDs.claims(of: ownID, since: mark) }
        next.lineCount += applied.linesRead
        next.revision = revision
        next.cursor = cursor
        snapshot = next
        resetBeforeNextSync = nil
        localCopy?.append(lines)
        if applied.linesRead > 0 { baseRelay.send(snapshot.state) }
        let header = PlaybookLocalFile.JournalHeader(
            fromLine: fromLine, lines: applied.linesRead, bytes: lines.count, revision: revision, cursor: cursor)
        let path = directory.path
        let compact = needsSnapshotWrite || journalLength + lines.count > max(1 << 20, snapshotBytes)
        do {
            if localCopy != nil, localCopyOnDisk == nil {
                try await io.performBlocking { try PlaybookLocalCopy.empty(directory: path) }
                localCopyOnDisk = 0
            }
            if compact {
                let (snapshot, domain) = (self.snapshot, self.domain)
                snapshotBytes = try await io.performBlocking {
                    try PlaybookLocalFile.writeSnapshot(directory: path, snapshot, domain: domain)
                }
                journalLength = 0
                needsSnapshotWrite = false
            } else {
                let offset = journalLength
                journalLength = try await io.performBlocking {
                    try PlaybookLocalFile.appendEntry(directory: path, at: offset, header: header, lines: lines)
                }
            }
        } catch {
            needsSnapshotWrite = true
            throw error
        }
        try await persistLocalCopy()
        let snapshot = self.snapshot
        updateStatus { status in
            status.revision = snapshot.revision
            status.lineCount = snapshot.lineCount
            status.diagnostics = Array(
                (status.diagnostics + applied.diagnostics).suffix(PlaybookSyncStatus.historyLimit))
        }
        return (applied.linesRead, ownClaims)
    }

    /// Writes what `playbook.copy` lacks of the local copy (after the local file, see ``PlaybookLocalCopy``).
    private func persistLocalCopy() async throws {
        guard let copy = localCopy, let onDisk = localCopyOnDisk, onDisk < copy.count else { return }
        let tail = copy.suffix(from: copy.startIndex + onDisk)
        let path = directory.path
        try await io.performBlocking { try PlaybookLocalCopy.write(directory: path, Data(tail), at: onDisk) }
        localCopyOnDisk = copy.count
    }
}
