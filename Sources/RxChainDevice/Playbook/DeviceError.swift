import Foundation

/// Why a ``PlaybookDevice`` could not be opened or could not record an action.
public enum DeviceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process (or another open device) writes this store: it holds `lock`.
    case busy(store: String, lock: String, pid: Int32?, waited: Duration)
    /// A record in the store's queue is not an action of the domain (kept in the queue, not applied).
    case unreadableQueuedAction(seq: UInt64, reason: String)
    /// `sync` was asked of a store with no remote configured.
    case noRemote(store: String)
    /// `DIR/remote.json` exists but is not a remote setting.
    case unreadableRemoteSetting(path: String, reason: String)
    /// A sync gave up: the download failed, or the upload failed `attempts` times in a row.
    case syncFailed(reason: String, attempts: Int)

    public var description: String {
        switch self {
        case .busy(let store, let lock, let pid, let waited):
            let owner = pid.map { "process \($0)" } ?? "another process"
            return "the store \(store) is busy: \(owner) holds its lock \(lock) (waited \(waited))"
        case .unreadableQueuedAction(let seq, let reason):
            return "queued request \(seq) is not an action of the domain: \(reason)"
        case .noRemote(let store):
            return "the store \(store) has no remote: pass --remote URL once (e.g. file:///path/playbook.ndjson)"
        case .unreadableRemoteSetting(let path, let reason):
            return "\(path) is not a remote setting ({\"location\":\"file:///…\"}): \(reason)"
        case .syncFailed(let reason, let attempts):
            let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
            return "sync failed after \(tries): \(reason)"
        }
    }
}
