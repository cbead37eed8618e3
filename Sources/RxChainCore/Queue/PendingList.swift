/// The pending requests in sequence order, each with the log position of the entry that made it pending.
///
/// A sorted array with a moving head: appending a new (highest) request and acknowledging
/// the oldest are O(1); acknowledging from the middle or retrying a dead letter (which
/// goes back to its original place) are a binary search plus a shift.
struct PendingList: Sendable {
    struct Entry: Sendable {
        var record: QueueRecord
        /// The position of the log entry that made it pending (``SyncQueueStateMachine``'s numbering; 0 when read from disk).
        var position: UInt64
    }

    private var entries: [Entry] = []
    private var head = 0

    var count: Int { entries.count - head }
    var isEmpty: Bool { count == 0 }
    var first: Entry? { head < entries.count ? entries[head] : nil }
    var records: [QueueRecord] { entries[head...].map(\.record) }

    func prefix(_ limit: Int, where include: (Entry) -> Bool) -> [QueueRecord] {
        var result: [QueueRecord] = []
        for entry in entries[head...] {
            guard result.count < limit, include(entry) else { break }
            result.append(entry.record)
        }
        return result
    }

    func contains(seq: UInt64) -> Bool { index(of: seq) != nil }

    func entry(seq: UInt64) -> Entry? { index(of: seq).map { entries[$0] } }

    /// Inserts `entry` at its place in sequence order (O(1) when it is the highest, or the
    /// lowest just removed from the head).
    mutating func insert(_ entry: Entry) {
        if entries.last.map({ $0.record.seq < entry.record.seq }) ?? true {
            entries.append(entry)
        } else if head > 0, entry.record.seq < entries[head].record.seq {
            // The slots before the head are free: put it back in front.
            head -= 1
            entries[head] = entry
        } else {
            entries.insert(entry, at: lowerBound(entry.record.seq))
        }
    }

    /// Gives every request the key `key(record)` (order and positions unchanged).
    mutating func rekey(_ key: (QueueRecord) -> String) {
        for index in entries.indices[head...] {
            let record = entries[index].record
            entries[index].record = QueueRecord(
                seq: record.seq, key: key(record), tag: record.tag, payload: record.payload)
        }
    }

    /// Removes the request `seq`, returning it.
    mutating func remove(seq: UInt64) -> Entry? {
        guard let index = index(of: seq) else { return nil }
        let entry = entries[index]
        if index == head {
            head += 1
            trimHead()
        } else {
            entries.remove(at: index)
        }
        return entry
    }

    /// Removes every request in `range`, returning them in sequence order.
    mutating func remove(in range: ClosedRange<UInt64>) -> [Entry] {
        let start = lowerBound(range.lowerBound)
        var end = start
        while end < entries.count, entries[end].record.seq <= range.upperBound { end += 1 }
        guard start < end else { return [] }
        let removed = Array(entries[start..<end])
        if start == head {
            head = end
            trimHead()
        } else {
            entries.removeSubrange(start..<end)
        }
        return removed
    }

    private mutating func trimHead() {
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    private func index(of seq: UInt64) -> Int? {
        let index = lowerBound(seq)
        return index < entries.count && entries[index].record.seq == seq ? index : nil
    }

    /// The first index at or after `head` whose seq is not below `seq`.
    private func lowerBound(_ seq: UInt64) -> Int {
        var low = head
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].record.seq < seq { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
