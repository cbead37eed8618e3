/// The change feed's waiters: each ``LogBook/waitForEntries(afterTimestamp:)`` call is an entry
/// in the locked state, woken after the commit that passes its timestamp, on close, or on
/// cancellation (whichever comes first; cancellation before it suspends is remembered).
extension LogBookStorage {
    /// Returns once a durable entry with a `ts` greater than `timestamp` exists, the book is
    /// closed, or the calling task is cancelled.
    func waitForEntries(afterTimestamp timestamp: UInt64) async {
        let id = state.withLock { locked in
            let id = locked.nextEntryWaiterID
            locked.nextEntryWaiterID += 1
            locked.entryWaiters[id] = .allocated
            return id
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { locked in
                    let isClosed = if case .closed = locked.phase { true } else { false }
                    guard case .allocated? = locked.entryWaiters[id], !isClosed,
                        locked.book.lastDurableTimestamp <= timestamp
                    else {
                        locked.entryWaiters[id] = nil
                        return true
                    }
                    locked.entryWaiters[id] = .waiting(after: timestamp, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, Never>? = state.withLock { locked in
                switch locked.entryWaiters[id] {
                case .allocated?:
                    locked.entryWaiters[id] = .cancelled
                    return nil
                case .waiting(_, let continuation)?:
                    locked.entryWaiters[id] = nil
                    return continuation
                case .cancelled?, nil:
                    return nil
                }
            }
            continuation?.resume()
        }
    }

    /// Removes the waiters whose condition now holds (every waiter once the book is closed).
    static func takeSatisfiedEntryWaiters(_ locked: inout Locked) -> [CheckedContinuation<Void, Never>] {
        let isClosed = if case .closed = locked.phase { true } else { false }
        let last = locked.book.lastDurableTimestamp
        var ready: [CheckedContinuation<Void, Never>] = []
        for (id, waiter) in locked.entryWaiters {
            guard case .waiting(let after, let continuation) = waiter, isClosed || after < last else { continue }
            locked.entryWaiters[id] = nil
            ready.append(continuation)
        }
        return ready
    }

    func resumeEntryWaiters(_ continuations: [CheckedContinuation<Void, Never>]) {
        for continuation in continuations { continuation.resume() }
    }
}
