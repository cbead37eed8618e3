import Foundation

/// The rules of an append, in one place for every storage: which entries of a batch repeat an
/// entry of the log, which clash with one, whether the revision holds, and the `seq` and `ts` the
/// new entries get.
///
/// A storage calls `plan(_:creator:expecting:revision:find:)` inside its atomic section (under
/// its lock, or in its database transaction), with a lookup of the entries its log already holds,
/// and then ``stamp(_:plan:log:creator:firstSeq:lastTimestamp:now:)`` for the new entries it
/// writes in that same section. So the journal, the in-memory book and PostgreSQL answer every
/// append alike; only what "atomic" means is theirs.
///
/// The rules (see `LogBook.append(to:_:creator:expecting:)`):
/// - an empty id refuses the batch;
/// - an id the log holds with the same body and creator is a **repeat**: it answers the
///   original's `seq`, `ts` and `creator` with `duplicate` set; with another body or creator it is
///   a **clash** that refuses the whole batch;
/// - an id twice in one batch is added once (a different body the second time is a clash);
/// - with a revision, the new entries are added only if the log holds exactly that many entries
///   (a batch of repeats only answers whatever the revision);
/// - the new entries get consecutive `seq`s after the log's last, and each a `ts` of
///   `max(now, previous ts + 1)`, so `ts` rises strictly across every log of the storage.
public enum AppendRules {
    /// The wall clock in microseconds since 1970: every storage's default time source of `ts`
    /// (the `now` it passes to ``stamp(_:plan:log:creator:firstSeq:lastTimestamp:now:)``).
    @Sendable public static func wallClockMicroseconds() -> UInt64 {
        UInt64(max(0, Date().timeIntervalSince1970 * 1_000_000))
    }

    /// What an accepted batch does: the originals its repeats answer, and the entries it adds.
    public struct Plan<Original: Sendable>: Sendable {
        /// Per entry of the batch: the original it repeats, if it repeats one of the log.
        public internal(set) var originals: [Original?]
        /// Per entry of the batch: the index of the earlier entry of the same batch it repeats.
        public internal(set) var earlier: [Int?]
        /// The indices of the batch's new entries, in order: each is added once.
        public internal(set) var added: [Int]

        /// Whether the batch adds nothing (all repeats).
        public var addsNothing: Bool { added.isEmpty }
    }

    /// Decides a batch against the log as the storage holds it, changing nothing.
    ///
    /// - Parameters:
    ///   - batch: The entries, at least one.
    ///   - creator: The authenticated user appending.
    ///   - revision: The entry count the log must hold for new entries, or `nil`.
    ///   - current: The entries the log holds now (accepted ones included).
    ///   - find: The log's entry with an id, as the storage's own value (`original` turns it into
    ///     the entry), or `nil`.
    ///   - original: The entry a found value stands for.
    /// - Throws: ``LogAppendError/emptyID``, ``LogAppendError/clash(id:)``,
    ///   ``LogAppendError/revisionMismatch(expected:current:)``.
    public static func plan<Original: Sendable>(
        _ batch: [NewLogEntry], creator: String, expecting revision: UInt64?, current: UInt64,
        find: (String) throws(LogAppendError) -> Original?, original: (Original) -> LogEntry
    ) throws(LogAppendError) -> Plan<Original> {
        var plan = Plan<Original>(
            originals: Array(repeating: nil, count: batch.count), earlier: Array(repeating: nil, count: batch.count),
            added: [])
        var firstInBatch: [String: Int] = [:]
        for (index, entry) in batch.enumerated() {
            if entry.id.isEmpty { throw .emptyID }
            if let earlier = firstInBatch[entry.id] {
                if let found = plan.originals[earlier] {
                    let stored = original(found)
                    guard stored.body == entry.body, stored.creator == creator else { throw .clash(id: entry.id) }
                    plan.originals[index] = found
                } else {
                    guard batch[earlier].body == entry.body else { throw .clash(id: entry.id) }
                    plan.earlier[index] = earlier
                }
                continue
            }
            firstInBatch[entry.id] = index
            if let found = try find(entry.id) {
                let stored = original(found)
                guard stored.body == entry.body, stored.creator == creator else { throw .clash(id: entry.id) }
                plan.originals[index] = found
            } else {
                plan.added.append(index)
            }
        }
        if !plan.added.isEmpty, let revision, revision != current {
            throw .revisionMismatch(expected: revision, current: current)
        }
        return plan
    }

    /// The new entries of an accepted batch, stamped: `seq` from `firstSeq` on, each `ts` above
    /// the one before (`max(now, previous + 1)`, starting from `lastTimestamp`).
    public static func stamp<Original>(
        _ batch: [NewLogEntry], plan: Plan<Original>, log: LogName, creator: String, firstSeq: UInt64,
        lastTimestamp: UInt64, now: UInt64
    ) -> [LogEntry] {
        var last = lastTimestamp
        return plan.added.enumerated().map { offset, index in
            last = max(now, last + 1)
            let entry = batch[index]
            return LogEntry(
                log: log, id: entry.id, creator: creator, body: entry.body, seq: firstSeq + UInt64(offset), ts: last)
        }
    }

    /// The answers of an accepted batch, in its order: the new entries' positions (as stamped),
    /// the originals of its repeats with `duplicate` set.
    public static func results<Original>(
        of plan: Plan<Original>, added: [LogEntry], original: (Original) -> LogEntry
    ) -> [AppendResult] {
        var byIndex: [Int: AppendResult] = [:]
        for (index, entry) in zip(plan.added, added) { byIndex[index] = entry.appendResult(duplicate: false) }
        return plan.originals.indices.map { index in
            if let found = plan.originals[index] { return original(found).appendResult(duplicate: true) }
            if let earlier = plan.earlier[index], let first = byIndex[earlier] {
                return AppendResult(seq: first.seq, ts: first.ts, creator: first.creator, duplicate: true)
            }
            return byIndex[index]!  // every index is an original, a repeat within the batch, or added
        }
    }
}
