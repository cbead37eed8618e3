import Foundation
import RxChainCore
import RxChainLogs
import Signals

/// Re-bases a device's store whenever its synced snapshot changes (and when asked): the
/// replicated part of the store's state becomes the snapshot (or, without a remote, the
/// device's base) with the device's pending actions on top.
///
/// - **One at a time**: every re-base runs on the rebaser's own task, in request order, so
///   a re-base computed from an older snapshot never lands after a newer one.
/// - **No lost local action**: a re-base is computed after the store has applied every
///   message sent before it; if an action is queued while the re-base is on its way
///   (`SyncQueue/nextSeq` moved), it is computed again, so the store never ends up
///   without an action it applied.
/// - Pending actions the snapshot already holds (a send whose acknowledgement has not
///   reached the queue yet: a line with the action's actionId and bytes) are not applied twice.
///
/// > Important: Call ``stop()`` before dropping it.
final class DeviceRebaser<Domain: DeviceDomain>: Sendable {
    private let requests: AsyncStream<CheckedContinuation<Void, Never>?>.Continuation
    private let task: Task<Void, Never>
    private let baseWatch: Subscription?

    init(
        domain: Domain, store: Device<Domain>.Store, transport: PlaybookTransport<Domain>?,
        base: Domain.State, queue: SyncQueue
    ) {
        let (stream, requests) = AsyncStream<CheckedContinuation<Void, Never>?>.makeStream()
        self.requests = requests
        task = Task {
            for await request in stream {
                await Self.rebase(domain: domain, store: store, transport: transport, base: base, queue: queue)
                request?.resume()
            }
        }
        // The first value is the snapshot the device opened with: nothing to re-base.
        baseWatch = transport?.baseState.dropFirst().sink { _ in requests.yield(nil) }
    }

    /// Re-bases now (behind any re-base already requested) and returns once it is applied.
    func rebase() async {
        await withCheckedContinuation { continuation in
            if case .terminated = requests.yield(continuation) { continuation.resume() }
        }
    }

    /// Stops watching the snapshot and waits for the re-base in progress.
    func stop() async {
        baseWatch?.cancel()
        requests.finish()
        await task.value
    }

    private static func rebase(
        domain: Domain, store: Device<Domain>.Store, transport: PlaybookTransport<Domain>?,
        base: Domain.State, queue: SyncQueue
    ) async {
        while true {
            await store.settle()
            let nextSeq = queue.nextSeq
            var snapshot = PlaybookSnapshot(location: "", reducerVersion: domain.reducerVersion, emptyState: base)
            if let transport { snapshot = await transport.currentSnapshot }
            store.send(domain.rebaseMessage(snapshot.stateWith(pending: queue.pending, domain: domain)))
            await store.settle()
            if queue.nextSeq == nextSeq { return }
        }
    }
}
