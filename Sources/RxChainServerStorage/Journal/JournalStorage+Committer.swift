import Foundation
import RxChainSystem

/// The committer thread's loop: take every accepted entry not yet written, write and `fsync` them
/// as one batch, then answer their appends; write the index file of a segment that was closed; on
/// a failure, fail every waiting append and stop writing for good.
extension JournalStorage {
    /// Runs until the storage is closed; the thread ends with it.
    func runCommitter(_ writer: JournalWriter) {
        while true {
            let step: CommitterStep = state.withLock { locked in
                let journal = locked.journal
                if locked.failure == nil, locked.handedCount < journal.acceptedCount {
                    let range = (locked.handedCount - journal.durableCount)..<journal.pending.count
                    locked.handedCount = journal.acceptedCount
                    return .write(
                        JournalBatch(
                            entries: Array(journal.pending[range]),
                            continuesBatch: Array(journal.pendingContinues[range])),
                        through: journal.acceptedCount)
                }
                if locked.failure == nil, let position = journal.segmentsToSeal.first,
                    case .indexed(let index) = journal.segments[position]
                {
                    return .seal(index)
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
            case .seal(let index):
                seal(index)
            case .stop:
                writer.close()
                reader.close()
                let closeWaiters = state.withLock { locked in
                    locked.phase = .closed
                    let closeWaiters = locked.closeWaiters
                    locked.closeWaiters = []
                    return closeWaiters
                }
                waiters.close()
                for completion in closeWaiters { completion(.success(())) }
                return
            }
        }
    }

    private func commit(_ batch: JournalBatch, through: Int, with writer: JournalWriter) {
        let written: (segment: Int, offsets: [Int], end: Int)
        do throws(LogStoreError) {
            written = try writer.append(batch)
            let started = ContinuousClock.now
            try writer.sync()
            let took = ContinuousClock.now - started
            syncDurations.withLock { $0.observe(took) }
        } catch {
            // Best effort: the storage refuses appends from now on whatever the cut does.
            try? writer.cut()
            failed(error)
            return
        }
        let (appends, last) = state.withLock { locked in
            let count = through - locked.journal.durableCount
            locked.journal.committed(
                count: count, segment: written.segment, offsets: Array(written.offsets.suffix(count)), end: written.end)
            var ready: [AppendWaiter] = []
            locked.appendWaiters.removeAll { waiter in
                guard waiter.number < through else { return false }
                ready.append(waiter)
                return true
            }
            return (ready, locked.journal.lastDurableTimestamp)
        }
        waiters.advance(to: last)
        for waiter in appends { waiter.deliver(.success(waiter.results)) }
    }

    /// Writes a closed segment's index file and lets it replace the index in memory. A failure
    /// leaves the index in memory (the next start rebuilds the file from the segment).
    private func seal(_ index: JournalSegmentIndex) {
        let layout = reader.layout
        let path = layout.index(index.number)
        let loaded: JournalSealedSegment?
        do throws(LogStoreError) {
            try JournalFile.makeDirectories(layout.indexDirectory)
            try JournalFile.replaceAtomically(
                path, with: .init(JournalIndexFile.serialize(index)), directory: layout.indexDirectory)
            loaded = try JournalIndexFile.load(
                try reader.file(path), number: index.number, segmentLength: index.length)
        } catch {
            loaded = nil
        }
        state.withLock { locked in
            if let loaded {
                locked.journal.sealed(loaded)
            } else {
                locked.journal.keepInMemory(index.number)
            }
        }
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
