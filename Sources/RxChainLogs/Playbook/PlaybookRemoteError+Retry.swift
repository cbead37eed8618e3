extension PlaybookRemoteError {
    /// Whether trying the same operation again later may succeed without anyone fixing anything.
    ///
    /// `true` for ``unavailable(location:reason:)`` (server down, connection refused,
    /// timeout, throttling, 5xx) and ``lockTimeout(lockFile:waited:)``; `false` for
    /// everything that needs a person: wrong location, endpoint or credentials, a missing
    /// bucket or directory (an unmounted share), a playbook that vanished, bad input, an incomplete line another
    /// program left in the playbook, a corrupt record, a disk error. A sync transport maps `true` to
    /// "retry later" and `false` to a permanent failure.
    public var isTransient: Bool {
        switch self {
        case .unavailable, .lockTimeout: true
        case .invalidLocation, .invalidEndpoint, .missingDirectory, .incompleteLine, .notFound, .vanished,
            .permissionDenied, .io,
            .corruptCommitRecord, .invalidCursor, .invalidLines,
            .rejected:
            false
        }
    }
}
