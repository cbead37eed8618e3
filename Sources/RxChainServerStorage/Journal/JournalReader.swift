import RxChainSystem

/// Reads a journal's entries and closed segments' index tables from disk, through the block
/// cache: the one place the journal reads what it wrote.
///
/// Every entry read is checked: its line's CRC and JSON (``LogEntry/decodeJournalLine(_:names:)``),
/// and that it is the entry the index said (its log and `seq`, or its id). An index table is
/// checked against its CRC before its first use. A check that fails throws
/// ``LogStoreError/damaged(_:)`` naming the file and offset: nothing damaged is ever served.
///
/// > Important: Blocking I/O (`pread`, usually answered by the page cache). `Sendable`: its
/// > files are opened once and shared, its cache and its set of checked tables sit behind locks.
final class JournalReader: Sendable {
    let layout: JournalLayout
    let cache: JournalBlockCache
    private let files = Lock([String: JournalReadFile]())
    private let nextKey = Lock(0)
    private let checkedTables = Lock(Set<Int>())
    /// The offsets of damaged records each segment holds, which recovery reported and the
    /// storage was told to start despite: scans step over them.
    private let ignored = Lock([Int: Set<Int>]())

    init(layout: JournalLayout, cacheBytes: Int) {
        self.layout = layout
        self.cache = JournalBlockCache(capacity: cacheBytes)
    }

    /// The file at `path`, opened on first use.
    func file(_ path: String) throws(LogStoreError) -> JournalReadFile {
        if let open = files.withLock({ $0[path] }) { return open }
        let key = nextKey.withLock { key in
            key += 1
            return key
        }
        let opened = try JournalReadFile(key: key, path: path)
        let (file, extra) = files.withLock { files -> (JournalReadFile, JournalReadFile?) in
            if let other = files[path] { return (other, opened) }
            files[path] = opened
            return (opened, nil)
        }
        extra?.close()
        return file
    }

    /// Forgets the file at `path` (its index was set aside) and closes it.
    func drop(_ path: String) {
        guard let file = files.withLock({ $0.removeValue(forKey: path) }) else { return }
        cache.forget(file)
        file.close()
    }

    /// Makes scans of segment `number` step over the records at `offsets`.
    func ignore(segment number: Int, offsets: [Int]) {
        ignored.withLock { $0[number, default: []].formUnion(offsets) }
    }

    /// Closes every file.
    func close() {
        for file in files.withLock({ $0.values }) { file.close() }
        files.withLock { $0.removeAll() }
    }

    // MARK: Entries

    /// The entry whose line starts at `offset` of segment `number` (whose durable bytes end at
    /// `end`).
    func entry(segment number: Int, at offset: Int, end: Int) throws(LogStoreError) -> LogEntry {
        var names: [String: LogName] = [:]
        return try entry(segment: number, at: offset, end: end, names: &names)
    }

    /// Appends `log`'s entries from `firstSeq` on, whose lines start at `offsets` of segment
    /// `number`, to `entries`; each is checked to be the entry the index says.
    func entries(
        of log: LogName, from firstSeq: UInt64, segment number: Int, at offsets: some Sequence<UInt32>, end: Int,
        into entries: inout [LogEntry]
    ) throws(LogStoreError) {
        // The log's name is known: each line's is compared, not validated again.
        var names = [log.description: log]
        var seq = firstSeq
        for offset in offsets {
            let entry = try entry(segment: number, at: Int(offset), end: end, names: &names)
            guard entry.log == log, entry.seq == seq else {
                throw damage(
                    segment: number, offset: Int(offset),
                    "the index says \(log) seq \(seq) is here, the record is \(entry.log) seq \(entry.seq)")
            }
            entries.append(entry)
            seq += 1
        }
    }

    private func entry(segment number: Int, at offset: Int, end: Int, names: inout [String: LogName])
        throws(LogStoreError) -> LogEntry
    {
        guard let line = try cache.line(try file(layout.segment(number)), at: offset, end: end) else {
            throw damage(segment: number, offset: offset, "no complete record at this offset")
        }
        do throws(ChecksummedLine.Damage) {
            return try LogEntry.decodeJournalLine(line[...], names: &names).entry
        } catch {
            throw damage(segment: number, offset: offset, error.reason)
        }
    }

    /// Visits the entries of segment `number` from the line at `offset` up to `end`, in file
    /// order, until `visit` returns `false`.
    func scan(
        segment number: Int, from offset: Int, end: Int, _ visit: (LogEntry) -> Bool
    ) throws(LogStoreError) {
        let file = try file(layout.segment(number))
        let skipped = ignored.withLock { $0[number] } ?? []
        var names: [String: LogName] = [:]
        var position = offset
        while position < end {
            let window = try cache.read(file, at: position, count: min(JournalBlockCache.blockSize, end - position))
            var start = 0
            var advanced = false
            while let newline = window[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if skipped.contains(position + start) {
                    start = newline + 1
                    advanced = true
                    continue
                }
                let entry: LogEntry
                do throws(ChecksummedLine.Damage) {
                    entry = try LogEntry.decodeJournalLine(window[start..<newline], names: &names).entry
                } catch {
                    throw damage(segment: number, offset: position + start, error.reason)
                }
                if !visit(entry) { return }
                start = newline + 1
                advanced = true
            }
            guard advanced else {
                // One line longer than the window: read it on its own.
                let entry = try self.entry(segment: number, at: position, end: end)
                guard visit(entry) else { return }
                position += try lineLength(file, at: position, end: end, number: number)
                continue
            }
            position += start
        }
    }

    private func lineLength(_ file: JournalReadFile, at offset: Int, end: Int, number: Int) throws(LogStoreError) -> Int
    {
        guard let line = try cache.line(file, at: offset, end: end) else {
            throw damage(segment: number, offset: offset, "no complete record at this offset")
        }
        return line.count + 1
    }

    // MARK: Closed segments' index tables

    /// The line offsets of `count` of a log's entries in a closed segment, from its run's
    /// `index`th.
    func positions(
        in segment: JournalSealedSegment, run: JournalSealedSegment.Run, from index: Int, count: Int
    ) throws(LogStoreError) -> [UInt32] {
        let file = try file(layout.index(segment.number))
        try check(file, segment: segment, table: 0)
        let bytes = try cache.read(
            file, at: segment.positionsBase + 4 * (Int(run.positionsStart) + index), count: 4 * count)
        guard bytes.count == 4 * count else { throw indexDamage(segment, "the positions table is cut short") }
        var reader = ByteReader(bytes[...])
        return (0..<count).map { _ in reader.u32()! }
    }

    /// The entry of `log` with `id` in a closed segment, if it holds one.
    func find(_ log: LogName, id: String, key: UInt64, in segment: JournalSealedSegment) throws(LogStoreError)
        -> LogEntry?
    {
        guard segment.bloom.mayContain(key), segment.runs[log] != nil else { return nil }
        let file = try file(layout.index(segment.number))
        try check(file, segment: segment, table: 1)
        func keyAt(_ position: Int) throws(LogStoreError) -> (key: UInt64, offset: UInt32) {
            let bytes = try cache.read(file, at: segment.idsBase + 12 * position, count: 12)
            var reader = ByteReader(bytes[...])
            guard let key = reader.u64(), let offset = reader.u32() else {
                throw indexDamage(segment, "the ids table is cut short")
            }
            return (key, offset)
        }
        var low = 0
        var high = segment.entryCount
        while low < high {
            let middle = (low + high) / 2
            if try keyAt(middle).key < key { low = middle + 1 } else { high = middle }
        }
        var position = low
        while position < segment.entryCount {
            let candidate = try keyAt(position)
            guard candidate.key == key else { break }
            let entry = try entry(segment: segment.number, at: Int(candidate.offset), end: segment.length)
            if entry.log == log, entry.id == id { return entry }
            position += 1
        }
        return nil
    }

    /// Checks a table of a closed segment's index file against its CRC, once per process.
    private func check(_ file: JournalReadFile, segment: JournalSealedSegment, table: Int) throws(LogStoreError) {
        let id = segment.number * 2 + table
        if checkedTables.withLock({ $0.contains(id) }) { return }
        let (base, length, crc) =
            table == 0
            ? (segment.positionsBase, 4 * segment.entryCount, segment.positionsCRC)
            : (segment.idsBase, 12 * segment.entryCount, segment.idsCRC)
        let bytes = try file.read(count: length, at: base)
        guard bytes.count == length, CRC32.checksum(bytes) == crc else {
            throw indexDamage(segment, "its \(table == 0 ? "positions" : "ids") table does not match its CRC")
        }
        checkedTables.withLock { _ = $0.insert(id) }
    }

    private func damage(segment number: Int, offset: Int, _ reason: String) -> LogStoreError {
        .damaged([JournalDamage(file: layout.segment(number), offset: offset, reason: reason, copy: nil)])
    }

    private func indexDamage(_ segment: JournalSealedSegment, _ reason: String) -> LogStoreError {
        .damaged([JournalDamage(file: layout.index(segment.number), offset: 0, reason: reason, copy: nil)])
    }
}
