/// The committer thread's loop: take every accepted entry not yet written, write and `fsync` them
/// as one batch, then answer their appends; on a failure, fail every waiting append and stop
/// writing for good.
extension LogBookStorage {
    /// Runs until the book is closed; the thread ends with it.
    func runCommitter(_ writer: JournalWriter) {
        while true {
            let step: CommitterStep = state.withLock { locked in
                if locked.failure == nil, locked.handedCount < locked.book.entries.count {
                    let range = locked.handedCount..<locked.book.entries.count
                    locked.handedCount = range.upperBound
                    return .write(
                        // Copies of the new part: a slice would share the whole array, and the next
                        // append would copy all of it.
                        JournalBatch(
                            entries: Array(locked.book.entries[range]),
                            continuesBatch: Array(locked.book.continuesBatch[range])),
                        through: range.upperBound)
                }
                if case .closing = locked.phase { return .stop }
                locked.committerAsleep = true
                return .sleep
            }
            switch step {
            case .sleep:
                wakeup.wait()
            case .write(let batch, let through):
                commit(batch, through: through, with: writer)
            case .stop:
                writer.close()
                let (closeWaiters, entryWaiters) = state.withLock { locked in
                    locked.phase = .closed
                    let closeWaiters = locked.closeWaiters
                    locked.closeWaiters = []
                    return (closeWaiters, Self.takeSatisfiedEntryWaiters(&locked))
                }
                resumeEntryWaiters(entryWaiters)
                for completion in closeWaiters { completion(.success(())) }
                return
            }
        }
    }

    private func commit(_ batch: JournalBatch, through: Int, with writer: JournalWriter) {
        do throws(LogStoreError) {
            try writer.append(batch)
            let started = ContinuousClock.now
            try writer.sync()
            let took = ContinuousClock.now - started
            syncDurations.withLock { $0.observe(took) }
        } catch {
            // Best effort: the book refuses appends from now on whatever the cut does.
            try? writer.cut()
            failed(error)
            return
        }
        let (appends, entries) = state.withLock { locked in
            locked.book.markDurable(through: through)
            var ready: [AppendWaiter] = []
            locked.appendWaiters.removeAll { waiter in
                guard waiter.position < through else { return false }
                ready.append(waiter)
                return true
            }
            return (ready, Self.takeSatisfiedEntryWaiters(&locked))
        }
        resumeEntryWaiters(entries)
        for waiter in appends { waiter.deliver(.success(waiter.results)) }
    }

    /// A write or `fsync` failed: fail every waiting append and refuse later ones.
    private func failed(_ error: LogStoreError) {
        let waiters = state.withLock { locked in
            locked.failure = error
            let waiters = locked.appendWaiters
            locked.appendWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.deliver(.failure(.storageFailed(error))) }
    }
}
