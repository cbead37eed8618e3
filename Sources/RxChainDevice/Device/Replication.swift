import Foundation
import RxChainCore

/// How a ``Device`` replicates its store: the one thing that differs between a playbook, a
/// server-ordered log and a REST server. The device owns the store, the queue, the follow loop,
/// the status and the dead letters; a replication only moves data.
///
/// Implementations: ``PlaybookReplication``, ``ServerLogReplication``, ``RESTReplication``.
protocol Replication<Domain>: Sendable {
    associatedtype Domain: ReplicatedDomain

    /// Where the store syncs (a playbook's URL, a server's origin), or `nil` without a remote.
    var remoteLocation: String? { get }
    /// The account the device signs in as, when the remote has accounts.
    var user: String? { get }

    /// One whole sync, bounded by `maxFailures` failed sends in a row: what it received, and the
    /// playbook's figures for a playbook.
    ///
    /// - Throws: ``DeviceError/noRemote(store:)``, ``DeviceError/syncFailed(reason:attempts:)``,
    ///   or what retrying will not fix.
    ///
    /// `onRetry` hears of each failed try the replication retries by itself (a playbook's
    /// download); failed sends are the sync manager's, which the device watches.
    func syncOnce(maxFailures: Int, onRetry: @escaping @Sendable (SyncRetry) -> Void) async throws -> (
        received: Int, playbook: PlaybookSyncDetails?
    )

    /// What tells a follower that something changed on the remote.
    ///
    /// - Parameter interval: how long one wait may take (a long poll, or the pause between
    ///   syncs of a remote that cannot tell).
    func makeChangeWaiter(interval: Duration) throws -> any ChangeWaiter

    /// What tells a watcher that holds the store only while it syncs
    /// (``Device/watch(interval:retry:open:onEvent:)``) that the remote changed: it reads the
    /// store's cursors from its files at every wait, applies nothing, and says
    /// ``RemoteChange/syncNeeded`` when something new is there.
    func makeDetachedChangeWaiter(interval: Duration) throws -> any ChangeWaiter

    /// Lets queued work finish, stops what the replication runs, releases nothing of the store's.
    func close() async
}

/// One wait of a follower for the remote to change.
protocol ChangeWaiter {
    /// Waits for the next change, and applies what it can without a whole sync.
    ///
    /// - Throws: what the remote answered; the follow loop retries what may pass.
    mutating func next() async throws -> RemoteChange
}

/// What a ``ChangeWaiter`` saw.
enum RemoteChange: Sendable, Equatable {
    /// Something changed that only a whole sync brings in.
    case syncNeeded
    /// `count` entries arrived and were applied (0: the wait ended with nothing new).
    case received(count: Int)
    /// The remote could not be reached; the waiter tries again by itself after `retryIn`.
    case unreachable(reason: String, retryIn: Duration)
}
