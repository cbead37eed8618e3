import RxChainSystem

/// Why the durable log store failed: a system call, a directory another server holds, or damage
/// found while recovering.
public enum LogStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed: `operation` (`"fsync"`, `"write"`, `"open"`, …) on `path`, with `errno`.
    case io(operation: String, path: String, errno: Int32)
    /// Another open `LogBook` (in this process or another) holds the directory's lock.
    case inUse(directory: String)
    /// Recovery found records that are damaged or do not fit (each named by file and offset,
    /// and copied aside), and the book was not told to start despite them.
    case damaged([JournalDamage])
    /// A database storage could not be reached, or answered an error (what it said, without
    /// credentials).
    case unavailable(String)

    public var description: String {
        switch self {
        case .io(let operation, let path, let code):
            "\(operation) of \(path) failed: \(systemErrorMessage(code)) (errno \(code))"
        case .inUse(let directory):
            "the log directory \(directory) is in use by another server (its lock is held)"
        case .damaged(let damages):
            "the journal holds \(damages.count) damaged record(s), copied aside; first: "
                + (damages.first.map(\.description) ?? "none")
                + ". Inspect them, then start with startDespiteDamage to go on without them"
        case .unavailable(let reason):
            "the log database is unavailable: \(reason)"
        }
    }
}

extension LogStoreError: SystemCallError {
    /// ``io(operation:path:errno:)``.
    package static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> LogStoreError {
        .io(operation: operation, path: path, errno: code)
    }
}

/// A file of the journal: every failure is a ``LogStoreError/io(operation:path:errno:)``.
typealias JournalFile = SystemFile<LogStoreError>

/// The journal directory's lock; failures are ``LogStoreError``.
typealias JournalLock = FileLock<LogStoreError>
