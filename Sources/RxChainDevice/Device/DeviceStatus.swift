import Foundation
import RxChainCore
import RxChainLogs

/// Where a store stands with its remote, read from its files without its lock, so it answers at
/// once while another process (a `watch`) holds the store: the same fields for every domain.
public struct DeviceStatus: Sendable, Equatable {
    /// How a store stands, in one word.
    public enum State: String, Sendable, Equatable {
        /// No remote: every change stays on this device.
        case local
        /// Nothing waits and the last sync (or poll) succeeded.
        case synced
        /// Requests wait for the next sync; the last one did not fail.
        case pending
        /// The last sync failed for a reason other than reaching the remote.
        case failing
        /// The last sync could not reach the remote.
        case offline
    }

    /// A request the remote refused for good, as the status lists it.
    public struct DeadLetterEntry: Sendable, Equatable {
        /// The request's number in the queue: what `dead-letters retry|drop` take.
        public var id: UInt64
        /// The request's type.
        public var tag: String
        /// Why the remote refused it.
        public var reason: String
        /// When the device saw the refusal; `nil` for one refused before the device kept times.
        public var at: Date?
    }

    /// The store's directory.
    public var store: String
    /// The remote's location (a playbook's URL, a server's origin), `nil` without one.
    public var remote: String?
    /// The account the store syncs as, when its remote has accounts.
    public var user: String?
    /// How it stands.
    public var state: State
    /// Requests waiting.
    public var pending: Int
    /// Requests refused for good, in queue order.
    public var deadLetters: [DeadLetterEntry]
    /// When a sync or poll last succeeded.
    public var lastSyncAt: Date?
    /// When the last failure was, while it stands (a later success clears it).
    public var lastErrorAt: Date?
    /// The last failure, while it stands.
    public var lastError: String?
    /// Queue lines in quarantine, and those the next open moves there (they never sync).
    package var quarantined: Int

    /// The status of the store in `directory`. A directory that does not exist, or holds no
    /// store yet, is a `local` store with nothing pending; nothing is created.
    ///
    /// > Important: Blocking file reads on the calling thread; meant for command-line tools.
    /// - Throws: an unreadable setting or queue header, naming the file.
    public static func read(directory: URL) throws -> DeviceStatus {
        let directory = directory.standardizedFileURL
        let server = try ServerSetting.saved(in: directory)
        let playbook = server == nil ? try RemoteSetting.saved(in: directory) : nil
        let queue: QueueInspection?
        do {
            queue = try SyncQueue.inspect(directory: StoreDirectory.queue(in: directory))
        } catch SyncQueueError.notAQueue {
            queue = nil  // nothing was ever recorded
        }
        let file = try DeviceStatusFile.read(directory: directory)
        let remote = server?.server ?? playbook?.location
        let pending = queue?.pending.count ?? 0
        let state: State =
            if remote == nil {
                .local
            } else if file.lastError != nil {
                file.offline ? .offline : .failing
            } else if pending > 0 {
                .pending
            } else {
                .synced
            }
        return DeviceStatus(
            store: directory.path, remote: remote, user: server?.user ?? playbook?.user, state: state,
            pending: pending,
            deadLetters: (queue?.deadLetters ?? []).map {
                DeadLetterEntry(
                    id: $0.record.seq, tag: $0.record.tag, reason: $0.reason,
                    at: file.deadLetters[String($0.record.seq)])
            },
            lastSyncAt: file.lastSyncAt, lastErrorAt: file.lastError == nil ? nil : file.lastErrorAt,
            lastError: file.lastError, quarantined: (queue?.quarantined.count ?? 0) + (queue?.unreadable.count ?? 0))
    }
}
