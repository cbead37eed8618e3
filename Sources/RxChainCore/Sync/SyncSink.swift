import RxChainSystem
import Synchronization

/// Where a ``StoreManager`` hands the sync requests its reducer produced.
///
/// The store calls ``receive(_:progress:)`` on its own actor, once per applied message
/// that produced requests, in the order the messages were applied. The sink must
/// return at once — no waiting for disk or network (the ``SyncManager`` queues them
/// on its writer thread) — and must keep the order it was given.
@usableFromInline
package protocol SyncSink<Request>: Sendable {
    /// The request type the sink carries to the remote.
    associatedtype Request: Sendable

    /// Takes the requests of one message, in order; reports their stages into `progress` when given.
    func receive(_ requests: [Request], progress: SyncProgress?)
}

/// A sink that only records requests in memory, in order — for tests and for stores without sync.
///
/// Every request counts as persisted at once; it is acknowledged when ``acknowledgeAll()``
/// is called (or at once, with `acknowledgesImmediately`).
package final class InMemorySyncSink<Request: Sendable>: SyncSink, Sendable {
    private struct Entry {
        var requests: [Request]
        var progress: SyncProgress?
    }

    private let entries = Lock<[Entry]>([])
    private let acknowledgesImmediately: Bool

    /// Creates an empty sink.
    package init(acknowledgesImmediately: Bool = false) {
        self.acknowledgesImmediately = acknowledgesImmediately
    }

    @usableFromInline
    package func receive(_ requests: [Request], progress: SyncProgress?) {
        entries.withLock { $0.append(Entry(requests: requests, progress: progress)) }
        progress?.requestsPersisted(requests.count)
        if acknowledgesImmediately { progress?.requestsAcknowledged(requests.count) }
    }

    /// Every request accepted so far, in order.
    package var requests: [Request] { entries.withLock { $0.flatMap(\.requests) } }

    /// Acknowledges every request accepted so far.
    package func acknowledgeAll() {
        let pending = entries.withLock { entries -> [Entry] in
            defer { for index in entries.indices { entries[index].progress = nil } }
            return entries
        }
        for entry in pending { entry.progress?.requestsAcknowledged(entry.requests.count) }
    }
}
