import Foundation
import RxChainSystem

/// Why a ``Device`` could not be opened, record a change or sync: the one error type of every
/// device, whatever it replicates through.
public enum DeviceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process (or another open device) writes this store: it holds `lock`.
    case busy(store: String, lock: String, pid: Int32?, waited: Duration)
    /// A record in the store's queue is not a request of the domain (kept in the queue, not applied).
    case unreadableQueuedAction(seq: UInt64, reason: String)
    /// `sync` or `follow` was asked of a store that knows no remote: give one once.
    case noRemote(store: String)
    /// A setting of the store (`DIR/remote.json`, `DIR/server.json`) exists but is not one.
    case unreadableSetting(path: String, reason: String)
    /// A device's saved state (`DIR/state.json`) exists but cannot be read back: it is left as
    /// it is (never overwritten with a fresh state), and the device does not open.
    case unreadableState(path: String, reason: String)
    /// A file of the store could not be read or written.
    case io(operation: String, path: String, errno: Int32)
    /// A sync gave up: the remote could not be reached, or failed, `attempts` times in a row;
    /// `reason` is the last failure. Nothing is lost: what was not acknowledged stays queued.
    case syncFailed(reason: String, attempts: Int)
    /// `dead-letters retry` or `drop` named a request that is not a dead letter of the store.
    case noDeadLetter(store: String, id: UInt64)

    public var description: String {
        switch self {
        case .busy(let store, let lock, let pid, let waited):
            let owner = pid.map { "process \($0)" } ?? "another process"
            return "the store \(store) is busy: \(owner) holds its lock \(lock) (waited \(waited))"
        case .unreadableQueuedAction(let seq, let reason):
            return "queued request \(seq) is not a request of the domain: \(reason)"
        case .noRemote(let store):
            return "the store \(store) has no remote: give one once with 'sync --remote URL'"
        case .unreadableSetting(let path, let reason):
            return "\(path) is not a setting of the store: \(reason)"
        case .unreadableState(let path, let reason):
            return "\(path) is not a saved state of the store (left as it is): \(reason)"
        case .io(let operation, let path, let code):
            return "cannot \(operation) \(path): \(systemErrorMessage(code))"
        case .syncFailed(let reason, let attempts):
            let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
            return "sync failed after \(tries): \(reason)"
        case .noDeadLetter(let store, let id):
            return "the store \(store) has no dead letter \(id) (see 'dead-letters list')"
        }
    }
}

extension DeviceError: SystemCallError {
    package static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> Self {
        .io(operation: operation, path: path, errno: code)
    }
}

/// A file of a device's store: failures are ``DeviceError``.
typealias DeviceFile = SystemFile<DeviceError>
