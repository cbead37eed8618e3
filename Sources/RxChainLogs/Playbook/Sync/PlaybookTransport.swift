import Dispatch
import Foundation
import RxChainCore
import RxChainSystem
import Signals

/// The `SyncTransport` that carries a device's queued actions into a shared playbook, and
/// the device's own copy of what the playbook replays to.
///
/// Each ``send(_:)``:
/// 1. **Downloads**: if the remote's revision is not the one last read, reads only the
///    lines after the saved cursor, applies them to the snapshot through the
///    ``PlaybookDomain`` and journals them in the local file.
///    With a ``DeviceIdentity`` (the device's queue), it checks the new lines that carry the
///    device's own id: one it did not write (not a pending record's line, or a `seq` it never
///    gave out) makes it take a new device id for its pending records before anything is
///    appended, and say so in ``PlaybookSyncStatus/deviceIDChanges``; otherwise the queue's
///    numbering continues above the highest `seq` the playbook holds for the id.
/// 2. **Plans** the batch (see `PlaybookUploadPlan`): records the playbook already holds
///    (a lost answer: a line with the record's actionId *and the record's own bytes*) are
///    acknowledged without appending; a record whose actionId a different line holds makes
///    the device take a new id (as above); records the domain's rules turn down on top of the
///    snapshot are dropped and reported in ``PlaybookSyncStatus/ignoredActions``.
/// 3. **Appends** the rest as NDJSON lines carrying `"actionId":"<record.key>"`, expecting
///    the revision just read. A conflict returns `SyncOutcome.conflict(reason:)` (the
///    `SyncManager` retries at once, which downloads again); a commit applies the new
///    lines to the snapshot, journals them, and returns `SyncOutcome.acknowledged`.
///    Remote errors return `SyncOutcome.retryLater(after:reason:)`, also the permanent
///    ones (``PlaybookRemoteError/isTransient`` `false`: bad credentials, a missing
///    bucket), which concern the remote rather than a record, so nothing is dead-lettered;
///    ``PlaybookSyncStatus/lastErrorIsPermanent`` tells them apart.
///
/// The local file (`local.snapshot` + `local.journal` in `directory`) is written before the
/// queue hears of an acknowledgement, and always holds a consistent prefix of the
/// playbook, so a process that dies at any point reopens and converges. Opening reads the
/// snapshot and the short journal after it, never the whole playbook; a local file made
/// for another remote location or reducer version is discarded (the next sync reads the
/// playbook from its start, pending actions stay queued).
///
/// For a remote whose ``PlaybookRemote/needsLocalCopy`` is `true` (`S3Remote`), the
/// device also keeps the playbook text it read (`playbook.copy`, see
/// ``PlaybookRemote/append(_:expecting:localCopy:)``), appended and fsynced after the
/// local file. The first sync step reads it (opening does not), cuts it back to the
/// snapshot's lines, or reads the playbook again from its start when it holds fewer.
///
/// The device shows ``visibleState(pending:)``: the snapshot with the pending actions it
/// does not hold yet applied on top; ``baseState`` tells it when the snapshot changed so it
/// can re-base.
///
/// > Important: An actor; sends, refreshes and reads are serialised, and a sync step
/// > never interleaves with another. File I/O runs on the transport's own dispatch
/// > queue, never on the concurrency pool.
package final actor PlaybookTransport<Domain: PlaybookDomain>: SyncTransport {
    /// The most records one send appends.
    package nonisolated let maxBatchSize: Int
    /// The shared playbook.
    package nonisolated let remote: any PlaybookRemote
    /// The domain's rules.
    package nonisolated let domain: Domain
    /// The directory of the local file.
    package nonisolated let directory: URL
    /// The device's id and numbering (its queue), when the transport guards them.
    var identity: (any DeviceIdentity)?
    /// Why the local file was discarded, while no download has read the playbook again since:
    /// until then the snapshot holds none of the playbook's lines. `nil` otherwise.
    package internal(set) var resetBeforeNextSync: String?
    /// Why the last sync step could not save `sync-status.json`, if it could not.
    package internal(set) var statusSaveFailure: String?
    let io = DispatchQueue(label: "rxchain.playbook-transport.io")
    let now: @Sendable () -> Date
    let pendingCount: @Sendable () -> Int
    var snapshot: PlaybookSnapshot<Domain.State>
    var journalLength: Int
    var snapshotBytes: Int
    /// Set when the snapshot on disk must be rewritten before the journal can continue it.
    var needsSnapshotWrite: Bool
    /// The playbook text the snapshot was built from, kept only when the remote needs it
    /// (see ``PlaybookLocalCopy``); `nil` otherwise, and until the first sync step reads it.
    var localCopy: Data?
    /// How many bytes of `localCopy` are in `playbook.copy`; `nil` after a reset, until
    /// the file was emptied.
    var localCopyOnDisk: Int?
    private var isBusy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    nonisolated let baseRelay: CurrentValueRelay<Domain.State>
    nonisolated let statusRelay: CurrentValueRelay<PlaybookSyncStatus>

    /// Opens the local file in `directory` for the playbook at `remote` (creating nothing
    /// until the first sync).
    ///
    /// A local file that has to be discarded (damaged, for another remote or reducer version)
    /// leaves the device with the empty state until the next sync reads the playbook again;
    /// the status saved at once says why (``PlaybookSyncStatus/resetReason``).
    ///
    /// - Parameters:
    ///   - directory: the device's directory, holding the local copy of the playbook and the status.
    ///   - remote: where the shared playbook lives.
    ///   - domain: the rules the playbook's actions are replayed by.
    ///   - maxBatchSize: the most actions one upload carries.
    ///   - identity: the device's queue, whose actionIds the transport keeps the device's own
    ///     (see ``DeviceIdentity``); its numbering continues at once above the highest `seq`
    ///     the local file holds for its id. `nil`: the caller numbers records itself.
    ///   - pendingCount: how many actions the device's queue holds, for the status.
    ///   - now: the wall clock for status times.
    /// - Throws: a ``PlaybookRemoteError`` when the local file cannot be read (an
    ///   unreadable *content* is not an error: the file is rebuilt, and the status says why).
    package static func open(
        directory: URL, remote: any PlaybookRemote, domain: Domain, maxBatchSize: Int = 500,
        identity: (any DeviceIdentity)? = nil, pendingCount: @escaping @Sendable () -> Int = { 0 },
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> PlaybookTransport {
        let path = directory.standardizedFileURL.path
        let location = remote.location
        let io = DispatchQueue(label: "rxchain.playbook-transport.open")
        let (loaded, saved) = try await io.performBlocking {
            let loaded = try PlaybookLocalFile.load(directory: path, location: location, domain: domain)
            return (loaded, PlaybookTransport.readStatus(directory: path))
        }
        let transport = PlaybookTransport(
            directory: directory.standardizedFileURL, remote: remote, domain: domain, maxBatchSize: maxBatchSize,
            loaded: loaded, savedStatus: saved, pendingCount: pendingCount, now: now)
        await transport.use(identity: identity)
        if loaded.resetReason != nil {
            // Until the next sync the device shows nothing it read from the playbook: say why
            // now, where a status reader looks, not only after that sync.
            await transport.saveStatus()
        }
        return transport
    }

    private init(
        directory: URL, remote: any PlaybookRemote, domain: Domain, maxBatchSize: Int,
        loaded: PlaybookLocalFile.Loaded<Domain.State>, savedStatus: PlaybookSyncStatus?,
        pendingCount: @escaping @Sendable () -> Int, now: @escaping @Sendable () -> Date
    ) {
        self.directory = directory
        self.remote = remote
        self.domain = domain
        self.maxBatchSize = max(1, maxBatchSize)
        self.snapshot = loaded.snapshot
        self.journalLength = loaded.journalLength
        self.snapshotBytes = loaded.snapshotBytes
        self.needsSnapshotWrite = loaded.snapshotBytes == 0 || loaded.resetReason != nil
        self.resetBeforeNextSync = loaded.resetReason
        self.pendingCount = pendingCount
        self.now = now
        var status = savedStatus ?? PlaybookSyncStatus(location: remote.location)
        if status.location != remote.location { status = PlaybookSyncStatus(location: remote.location) }
        status.revision = loaded.snapshot.revision
        status.lineCount = loaded.snapshot.lineCount
        status.pendingCount = pendingCount()
        status.resetReason = loaded.resetReason
        self.baseRelay = CurrentValueRelay(loaded.snapshot.state)
        self.statusRelay = CurrentValueRelay(status)
    }

    // MARK: Reading

    /// The snapshot: what the lines read so far replay to, and how far they go.
    package var currentSnapshot: PlaybookSnapshot<Domain.State> { snapshot }

    /// The state the device shows: the snapshot with `pending` (the queue's pending
    /// records, in order) applied on top, but for those it already holds (a sent record whose
    /// acknowledgement has not reached the queue yet); records the rules turn down change nothing.
    package func visibleState(pending: [QueueRecord]) -> Domain.State {
        snapshot.stateWith(pending: pending, domain: domain)
    }

    /// The snapshot's state, starting with the current one, then after every change.
    package nonisolated var baseState: Signal<Domain.State> { baseRelay.signal }

    /// The sync status, starting with the current one.
    package nonisolated var status: Signal<PlaybookSyncStatus> { statusRelay.signal }

    /// The latest sync status.
    package nonisolated var currentStatus: PlaybookSyncStatus { statusRelay.value }

    // MARK: Syncing

    /// Downloads, then appends what `batch` still needs (see the type's documentation).
    package func send(_ batch: [QueueRecord]) async throws -> SyncOutcome {
        await acquire()
        defer { release() }
        return await sync(batch)
    }

    /// Downloads what is new without sending anything (a sync with an empty queue).
    ///
    /// Returns `SyncOutcome.acknowledged` when the snapshot is up to date.
    package func refresh() async -> SyncOutcome {
        await acquire()
        defer { release() }
        return await sync([])
    }

    /// Waits for the sync step in progress (if any) to finish; actor re-entrancy must not
    /// interleave two downloads.
    private func acquire() async {
        guard isBusy else {
            isBusy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            isBusy = false
        } else {
            waiters.removeFirst().resume()  // hands the turn over; isBusy stays true
        }
    }
}
