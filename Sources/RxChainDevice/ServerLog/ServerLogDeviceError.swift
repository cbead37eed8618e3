import RxChainSystem

/// Why a ``ServerLogDevice`` could not open, record or sync.
public enum ServerLogDeviceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file of the store could not be read or written.
    case io(operation: String, path: String, errno: Int32)
    /// `sync` or `follow` was asked of a store that knows no server: pass one once.
    case noServer(store: String)
    /// `DIR/server.json` exists but is not a server setting.
    case unreadableSetting(path: String, reason: String)
    /// A device's saved state (`DIR/state.json`) exists but cannot be read back: it is left as
    /// it is (never overwritten with a fresh state), and the device does not open.
    case unreadableState(path: String, reason: String)
    /// A sync gave up: the server could not be reached, or refused, `attempts` times in a row.
    case syncFailed(reason: String, attempts: Int)

    public var description: String {
        switch self {
        case .io(let operation, let path, let code):
            "cannot \(operation) \(path): \(systemErrorMessage(code))"
        case .noServer(let store):
            "the store \(store) has no server: pass --server URL --user NAME once"
        case .unreadableSetting(let path, let reason):
            "\(path) is not a server setting ({\"server\":\"http://…\",\"user\":\"…\"}): \(reason)"
        case .unreadableState(let path, let reason):
            "\(path) is not a saved state of the store (left as it is): \(reason)"
        case .syncFailed(let reason, let attempts):
            "sync failed after \(attempts == 1 ? "1 attempt" : "\(attempts) attempts"): \(reason)"
        }
    }
}

extension ServerLogDeviceError: SystemCallError {
    package static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> Self {
        .io(operation: operation, path: path, errno: code)
    }
}

/// A file of a server-log device's store: failures are ``ServerLogDeviceError``.
typealias ServerLogFile = SystemFile<ServerLogDeviceError>
