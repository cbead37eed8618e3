/// What a queue log says once replayed: pending requests, dead letters and the next sequence number.
///
/// Pure and synchronous: recovery replays the log into it, the live queue applies each
/// new entry to it before handing the entry to the writer, and compaction writes it out.
struct QueueContents: Sendable {
    /// What one applied entry changed, enough to take it back (``undo(_:)``): the live
    /// queue keeps one per entry not yet durable, in case its write fails.
    enum Undo: Sendable {
        case enqueue(seq: UInt64)
        case acknowledgement(pending: [PendingList.Entry], deadLetters: [DeadLetter])
        case deadLetter(PendingList.Entry)
        case retry(DeadLetter)
        /// Everything as it was before (a device id change touches every record).
        case replaced(QueueContents)
    }

    private(set) var pending = PendingList()
    /// Dead letters in sequence order (few, so a sorted array).
    private(set) var deadLetters: [DeadLetter] = []
    /// The next sequence number to assign; never decreases.
    private(set) var nextSeq: UInt64 = 1
    /// The device id the log records (its header, or a `device` entry), nil while it was never changed.
    private(set) var deviceID: String?
    /// The highest seq enqueued in the log being replayed: enqueues must keep increasing.
    private var lastEnqueuedSeq: UInt64 = 0

    init(nextSeq: UInt64 = 1, deviceID: String? = nil) {
        self.nextSeq = max(nextSeq, 1)
        self.deviceID = deviceID
    }

    /// The number of lines a compacted log holds: header, one per pending request, two per dead letter.
    var liveLineCount: Int { 1 + pending.count + 2 * deadLetters.count }

    func deadLetter(seq: UInt64) -> DeadLetter? {
        deadIndex(seq).map { deadLetters[$0] }
    }

    /// Applies one entry read from the log or accepted by the live queue, at log `position`,
    /// and returns how to take it back. Throws (and changes nothing) when the entry
    /// contradicts what came before it.
    @discardableResult
    mutating func apply(_ entry: QueueLogEntry, position: UInt64) throws(QueueLineDefect) -> Undo {
        switch entry {
        case .header:
            throw .invalid("a header in the middle of the log")
        case .enqueue(let record):
            guard record.seq > lastEnqueuedSeq, record.seq > 0 else {
                throw .invalid(
                    "sequence number \(record.seq) repeats or goes backwards (after \(lastEnqueuedSeq))")
            }
            guard record.seq < UInt64.max else {
                throw .invalid("sequence number \(record.seq) is past the last one a queue assigns")
            }
            lastEnqueuedSeq = record.seq
            nextSeq = max(nextSeq, record.seq + 1)
            pending.insert(PendingList.Entry(record: record, position: position))
            return .enqueue(seq: record.seq)
        case .ack(let range):
            let removed = pending.remove(in: range)
            var letters: [DeadLetter] = []
            if !deadLetters.isEmpty {
                letters = deadLetters.filter { range.contains($0.record.seq) }
                deadLetters.removeAll { range.contains($0.record.seq) }
            }
            return .acknowledgement(pending: removed, deadLetters: letters)
        case .dead(let seq, let reason):
            guard let entry = pending.remove(seq: seq) else {
                throw .invalid("dead letter for request \(seq), which is not pending")
            }
            insertDeadLetter(DeadLetter(record: entry.record, reason: reason))
            return .deadLetter(entry)
        case .device(let id, let keeping):
            let before = self
            deviceID = id
            let key = { (record: QueueRecord) in keeping.contains(record.seq) ? record.key : "\(id):\(record.seq)" }
            pending.rekey(key)
            deadLetters = deadLetters.map {
                let record = $0.record
                return DeadLetter(
                    record: QueueRecord(seq: record.seq, key: key(record), tag: record.tag, payload: record.payload),
                    reason: $0.reason)
            }
            return .replaced(before)
        case .retry(let seq):
            guard let index = deadIndex(seq) else {
                throw .invalid("retry of request \(seq), which is not a dead letter")
            }
            let letter = deadLetters.remove(at: index)
            pending.insert(PendingList.Entry(record: letter.record, position: position))
            return .retry(letter)
        }
    }

    /// Takes back the entry `undo` came from. Undo entries in the reverse order they were
    /// applied; ``nextSeq`` never goes back (a number handed out is not handed out again).
    mutating func undo(_ undo: Undo) {
        switch undo {
        case .enqueue(let seq):
            _ = pending.remove(seq: seq)
        case .acknowledgement(let removed, let letters):
            for entry in removed { pending.insert(entry) }
            for letter in letters { insertDeadLetter(letter) }
        case .deadLetter(let entry):
            deadLetters.removeAll { $0.record.seq == entry.record.seq }
            pending.insert(entry)
        case .retry(let letter):
            _ = pending.remove(seq: letter.record.seq)
            insertDeadLetter(letter)
        case .replaced(let before):
            let next = nextSeq
            self = before
            continueSequence(atLeast: next)
        }
    }

    /// Raises ``nextSeq`` to at least `seq` (never lowers it).
    mutating func continueSequence(atLeast seq: UInt64) {
        nextSeq = max(nextSeq, seq)
    }

    /// The lines of a compacted log holding exactly this content (header first, carrying
    /// the device id once it was changed, in format version 2).
    var compactedEntries: [QueueLogEntry] {
        let version = deviceID == nil ? QueueLogEntry.version : QueueLogEntry.deviceIDVersion
        var entries: [QueueLogEntry] = [.header(version: version, nextSeq: nextSeq, deviceID: deviceID)]
        var live = pending.records + deadLetters.map(\.record)
        live.sort { $0.seq < $1.seq }
        entries += live.map { .enqueue($0) }
        entries += deadLetters.map { .dead(seq: $0.record.seq, reason: $0.reason) }
        return entries
    }

    private mutating func insertDeadLetter(_ letter: DeadLetter) {
        let seq = letter.record.seq
        deadLetters.insert(letter, at: deadLetters.firstIndex { $0.record.seq > seq } ?? deadLetters.endIndex)
    }

    private func deadIndex(_ seq: UInt64) -> Int? {
        deadLetters.firstIndex { $0.record.seq == seq }
    }
}
