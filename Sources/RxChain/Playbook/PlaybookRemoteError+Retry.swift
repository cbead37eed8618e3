extension PlaybookRemoteError {
    /// Whether trying the same operation again later may succeed without anyone fixing anything.
    ///
    /// `true` for ``unavailable(location:reason:)`` (server down, connection refused,
    /// timeout, throttling, 5xx) and ``lockTimeout(lockFile:waited:)``; `false` for
    /// everything that needs a person: wrong location or credentials, a missing bucket,
    /// bad input, a corrupt record, a disk error. A sync transport maps `true` to
    /// "retry later" and `false` to a permanent failure.
    public var isTransient: Bool {
        switch self {
        case .unavailable, .lockTimeout: true
        case .invalidLocation, .notFound, .permissionDenied, .io, .corruptCommitRecord, .invalidCursor, .invalidLines,
            .rejected:
            false
        }
    }
}
