import Foundation
import RxChain
import Signals

/// Re-bases a device's store whenever its synced snapshot changes: the store's
/// ``LedgerState/replicated`` becomes the snapshot with the device's pending actions on top.
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
final class LedgerRebaser: Sendable {
    private let requests: AsyncStream<CheckedContinuation<Void, Never>?>.Continuation
    private let task: Task<Void, Never>
    private let baseWatch: Subscription

    init(
        store: StoreManager<LedgerState, LedgerMessage, LedgerAction>,
        transport: PlaybookTransport<LedgerDomain>, queue: SyncQueue
    ) {
        let (stream, requests) = AsyncStream<CheckedContinuation<Void, Never>?>.makeStream()
        self.requests = requests
        task = Task {
            for await request in stream {
                await Self.rebase(store: store, transport: transport, queue: queue)
                request?.resume()
            }
        }
        // The first value is the snapshot the device opened with: nothing to re-base.
        baseWatch = transport.baseState.dropFirst().sink { _ in requests.yield(nil) }
    }

    /// Re-bases now (behind any re-base already requested) and returns once it is applied.
    func rebase() async {
        await withCheckedContinuation { continuation in
            if case .terminated = requests.yield(continuation) { continuation.resume() }
        }
    }

    /// Stops watching the snapshot and waits for the re-base in progress.
    func stop() async {
        baseWatch.cancel()
        requests.finish()
        await task.value
    }

    private static func rebase(
        store: StoreManager<LedgerState, LedgerMessage, LedgerAction>,
        transport: PlaybookTransport<LedgerDomain>, queue: SyncQueue
    ) async {
        while true {
            await store.settle()
            let nextSeq = queue.nextSeq
            let snapshot = await transport.currentSnapshot
            let ledger = snapshot.stateWith(pending: queue.pending, domain: LedgerDomain())
            store.send(.rebase(ledger))
            await store.settle()
            if queue.nextSeq == nextSeq { return }
        }
    }
}
