import Foundation
import RxChainCore
import RxChainLogs
import RxChainRemotes
import RxChainSystem
import Signals

/// One device of a domain: a directory holding the device's store, its durable queue of
/// requests not yet acknowledged, and its copy of what the remote holds, opened as a
/// `StoreManager` whose sync requests go to that queue.
///
/// The same type for every domain, whatever carries its data (the domain's protocol says which):
/// a shared playbook (``DeviceDomain``), an RxChain server's ordered logs (``ServerLogDomain``)
/// or a REST server (``RESTDomain``). Each kind opens with its own `open` and records changes
/// its own way (`record`, `send`); everything else is the device's, the same for all:
///
/// - **Sync**: `syncNow(maxFailures:)` runs one bounded sync and returns one ``SyncReport``.
/// - **Follow**: ``follow(interval:onEvent:)`` keeps the device in step until cancelled, with one
///   ``FollowEvent`` stream and one backoff.
/// - **Status**: every sync and poll is recorded in `DIR/status.json`, so ``DeviceStatus/read(directory:)``
///   answers from another process without the store's lock.
/// - **Dead letters**: requests the remote refused for good wait in the queue with their reason
///   until ``retryDeadLetter(_:)`` sends them again or ``dropDeadLetter(_:)`` gives them up.
/// - **Errors**: ``DeviceError``.
///
/// ```swift
/// let device = try await LedgerDevice.open(directory: store)
/// try await device.record(.newCategory("Food"))
/// let report = try await device.syncNow()
/// await device.close()
/// ```
///
/// > Important: One open device per directory, across processes: the queue's `flock`
/// > (`DIR/queue/lock`) guarantees it and covers every file of the store. Readers that only look
/// > (``DeviceStatus/read(directory:)``) take no lock. Call ``close()`` before dropping a device.
public final class Device<Domain: ReplicatedDomain>: Sendable {
    /// The device's store: send local messages here, observe the state.
    public typealias Store = StoreManager<Domain.AppState, Domain.AppMessage, Domain.Request>

    /// The domain's rules.
    public let domain: Domain
    /// The store's directory.
    public let directory: URL
    /// The store.
    public let store: Store
    /// Carries the queued requests to the remote (offline without one).
    public let sync: SyncManager<Domain.Request>
    let replication: any Replication<Domain>
    private let recorder: DeviceStatusRecorder

    init(
        domain: Domain, directory: URL, store: Store, sync: SyncManager<Domain.Request>,
        replication: any Replication<Domain>
    ) {
        self.domain = domain
        self.directory = directory
        self.store = store
        self.sync = sync
        self.replication = replication
        recorder = DeviceStatusRecorder(directory: directory)
    }

    /// Where the store syncs (a playbook's URL, a server's origin), or `nil` without a remote.
    public var remote: String? { replication.remoteLocation }

    /// The account the device signs in as, when its remote has accounts.
    public var user: String? { replication.user }

    /// The queue's directory inside a store directory.
    package static func queueDirectory(of directory: URL) -> URL {
        StoreDirectory.queue(in: directory)
    }

    /// Runs one whole sync and returns once it is over: sends every queued request, receives
    /// what changed on the remote, and reports it.
    ///
    /// - Finishes: stops after `maxFailures` failed sends (or downloads) in a row, with the
    ///   device's backoff between tries, or at the first failure retrying will not fix.
    /// - Records how it went in `DIR/status.json` (``DeviceStatus``), and when it saw each new
    ///   dead letter.
    ///
    /// - Throws: ``DeviceError/noRemote(store:)``; ``DeviceError/syncFailed(reason:attempts:)``
    ///   when the remote kept failing; what retrying will not fix (a session the server ended).
    ///   Nothing is lost either way: what was not acknowledged stays queued.
    ///
    /// - Parameters:
    ///   - maxFailures: how many failed sends (or downloads) in a row end the sync.
    ///   - onRetry: hears of each failed try that will be tried again (a progress line).
    @discardableResult
    public func syncNow(maxFailures: Int = 8, onRetry: (@Sendable (SyncRetry) -> Void)? = nil) async throws
        -> SyncReport
    {
        guard let remote else { throw DeviceError.noRemote(store: directory.path) }
        let queue = sync.queue
        let pendingBefore = queue.pendingCount
        let lettersBefore = Set(queue.deadLetters.map(\.record.seq))
        let maxFailures = max(1, maxFailures)
        let onRetry = onRetry ?? { _ in }
        // Failed sends are the sync manager's: each one it counts is a try (the last one is not retried).
        let sends = sync.status.map(\.consecutiveFailures).distinctUntilChanged().sink { [sync] failures in
            guard failures > 0, failures < maxFailures else { return }
            let reason = sync.currentStatus.lastError ?? "the remote did not acknowledge"
            onRetry(SyncRetry(attempt: failures, maxAttempts: maxFailures, reason: reason))
        }
        defer { sends.cancel() }
        let outcome: (received: Int, playbook: PlaybookSyncDetails?)
        do {
            outcome = try await syncRetryingPulls(maxFailures: maxFailures, onRetry: onRetry)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try await recorder.failed("\(error)", offline: Self.isOffline(error))
            throw error
        }
        let newLetters = queue.deadLetters.filter { !lettersBefore.contains($0.record.seq) }
        try await recorder.succeeded(newDeadLetters: newLetters.map(\.record.seq))
        let pending = queue.pendingCount
        return SyncReport(
            remote: remote, sent: max(0, pendingBefore - pending - newLetters.count), received: outcome.received,
            pending: pending, deadLetters: newLetters, playbook: outcome.playbook)
    }

    /// Runs the replication's sync, trying it again with the backoff while what failed was reaching
    /// the server (its sends count their own failures), at most `maxFailures` times: one outage
    /// behaviour for every kind of remote.
    private func syncRetryingPulls(maxFailures: Int, onRetry: @escaping @Sendable (SyncRetry) -> Void) async throws
        -> (received: Int, playbook: PlaybookSyncDetails?)
    {
        var failures = 0
        while true {
            do {
                return try await replication.syncOnce(maxFailures: maxFailures, onRetry: onRetry)
            } catch let error as ServerClientError where error.isPassing {
                failures += 1
                guard failures < maxFailures else {
                    throw DeviceError.syncFailed(reason: error.description, attempts: failures)
                }
                onRetry(SyncRetry(attempt: failures, maxAttempts: maxFailures, reason: error.description))
                try await sync.configuration.clock.sleep(for: sync.configuration.retry.delay(forAttempt: failures))
            }
        }
    }

    /// The requests the remote refused for good, in queue order, each with its reason.
    public var deadLetters: [DeadLetter] { sync.queue.deadLetters }

    /// Puts the dead letter `id` (its queue number) back among the pending requests, at its
    /// place in queue order, durably: the next sync sends it again.
    ///
    /// - Throws: ``DeviceError/noDeadLetter(store:id:)``; the queue's write error.
    public func retryDeadLetter(_ id: UInt64) async throws {
        guard deadLetters.contains(where: { $0.record.seq == id }) else {
            throw DeviceError.noDeadLetter(store: directory.path, id: id)
        }
        try await sync.queue.retryDeadLetter(seq: id).persisted()
    }

    /// Gives up the dead letter `id` (its queue number) for good: it leaves the queue, durably,
    /// and is never sent.
    ///
    /// - Throws: ``DeviceError/noDeadLetter(store:id:)``; the queue's write error.
    public func dropDeadLetter(_ id: UInt64) async throws {
        guard deadLetters.contains(where: { $0.record.seq == id }) else {
            throw DeviceError.noDeadLetter(store: directory.path, id: id)
        }
        try await sync.queue.acknowledge([id]).persisted()
    }

    /// Lets queued writes finish, stops the replication and the sync manager (the request in
    /// flight finishes) and releases the store's lock.
    public func close() async {
        await store.settle()
        await replication.close()
        await store.settle()
        await sync.shutdown()
    }

    /// Records a poll that reached the remote (it clears a standing failure).
    func recordReached() async throws {
        try await recorder.succeeded(newDeadLetters: [])
    }

    /// Records a failure to reach the remote.
    func recordUnreachable(_ reason: String) async throws {
        try await recorder.failed(reason, offline: true)
    }

    /// Whether `error` says the remote could not be reached (rather than refused or failed).
    static func isOffline(_ error: any Error) -> Bool {
        switch error {
        case let error as ServerClientError:
            if case .unreachable = error { return true }
            return false
        case DeviceError.syncFailed(let reason, _):
            // The sync manager keeps only the text of a send's failure.
            return reason.contains("is unreachable") || reason.contains("Connection refused")
        default:
            return false
        }
    }
}
