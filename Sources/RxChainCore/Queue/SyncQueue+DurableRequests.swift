extension SyncQueue {
    /// Sets the one observer told, on the queue's writer thread, after each write that made
    /// requests pending and durable: once per group commit, however many requests it held
    /// (also after a failed write took acknowledgements back, which makes requests pending
    /// again). A later call replaces the observer.
    ///
    /// For the queue's one consumer (the ``SyncManager``), which looks at the queue only when told.
    ///
    /// > Important: `observer` runs on the writer thread: keep it short, never block.
    func observeRequestsBecomingDurable(_ observer: @escaping @Sendable () -> Void) {
        storage.observeRequestsDurable(observer)
    }
}
