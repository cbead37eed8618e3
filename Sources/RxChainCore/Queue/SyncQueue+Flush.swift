extension SyncQueue {
    /// Returns once every change accepted so far (enqueues, acknowledgements, dead letters)
    /// is on disk.
    ///
    /// A caller that reports a whole piece of work done (a sync that acknowledged records)
    /// awaits this first: an acknowledgement counts from the moment it is accepted, but a
    /// failed write or `fsync` after it is only known here.
    ///
    /// - Throws: the ``SyncQueueError`` that stopped the writer (naming the file and the
    ///   error), or ``SyncQueueError/closed(directory:)``.
    package func flush() async throws {
        // Acknowledging nothing writes nothing and names the last change accepted.
        try await acknowledge([]).persisted()
    }
}
