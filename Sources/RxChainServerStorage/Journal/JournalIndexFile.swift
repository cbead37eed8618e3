import RxChainSystem

/// A closed segment's index file, `index/journal-NNNNNNNNNN.idx`: the checkpoint of its index,
/// written once when the segment is closed (temporary file, `fsync`, rename, directory `fsync`)
/// and never rewritten.
///
/// ```
/// header (64 bytes)  "RXJIDX01", segment length, entry count, first ts, last ts,
///                    directory length, CRC-32s of the directory, positions and ids, of the header
/// directory          each log: name, first seq, count, where its positions start;
///                    every 256th entry's ts and offset; the Bloom filter of the keys; body bytes
/// positions          u32 line offsets, log after log, each in seq order
/// ids                (key u64, offset u32) for every entry, sorted by key (``JournalKey``)
/// ```
///
/// At start only the header and the directory are read (and checked); the positions and ids are
/// read on demand through the cache, each table checked against its CRC before its first use. An
/// index whose segment length is not the segment's, or that fails a check, is never trusted: the
/// segment is read again and its index rebuilt.
enum JournalIndexFile {
    static let magic = Array("RXJIDX01".utf8)
    static let headerLength = 64
    /// One `ts` in the directory every this many entries.
    static let sparseInterval = 256

    /// The file's bytes for a closed segment's index.
    static func serialize(_ index: JournalSegmentIndex) -> [UInt8] {
        var directory = ByteWriter()
        let logs = index.runs.sorted { $0.key.description < $1.key.description }
        directory.u32(UInt32(logs.count))
        var positions = ByteWriter()
        var ids: [(key: UInt64, offset: UInt32)] = []
        ids.reserveCapacity(index.entryCount)
        for (name, run) in logs {
            let text = Array(name.description.utf8)
            directory.u16(UInt16(text.count))
            directory.bytes(text)
            directory.u64(run.firstSeq)
            directory.u32(UInt32(run.offsets.count))
            directory.u32(UInt32(positions.count / 4))
            for offset in run.offsets { positions.u32(offset) }
            for (id, seq) in run.seqByID {
                ids.append((JournalKey.of(log: name, id: id), run.offsets[Int(seq - run.firstSeq)]))
            }
        }
        let sparse = stride(from: 0, to: index.entryCount, by: sparseInterval).map { $0 }
        directory.u32(UInt32(sparse.count))
        for position in sparse {
            directory.u64(index.timestamps[position])
            directory.u32(index.offsets[position])
        }
        var bloom = BloomFilter(capacity: index.entryCount)
        for id in ids { bloom.insert(id.key) }
        directory.u32(UInt32(bloom.words.count))
        for word in bloom.words { directory.u64(word) }
        directory.u64(UInt64(index.bodyBytes))
        ids.sort { ($0.key, $0.offset) < ($1.key, $1.offset) }
        var idTable = ByteWriter()
        for id in ids {
            idTable.u64(id.key)
            idTable.u32(id.offset)
        }
        var header = ByteWriter()
        header.bytes(magic)
        header.u64(UInt64(index.length))
        header.u64(UInt64(index.entryCount))
        header.u64(index.firstTimestamp ?? 0)
        header.u64(index.lastTimestamp ?? 0)
        header.u64(UInt64(directory.count))
        header.u32(CRC32.checksum(directory.buffer))
        header.u32(CRC32.checksum(positions.buffer))
        header.u32(CRC32.checksum(idTable.buffer))
        header.u32(CRC32.checksum(header.buffer))
        return header.buffer + directory.buffer + positions.buffer + idTable.buffer
    }

    /// Reads the header and the directory of `file`, for the segment `number` whose file is
    /// `segmentLength` bytes long; `nil` when anything does not check out.
    static func load(_ file: JournalReadFile, number: Int, segmentLength: Int) throws(LogStoreError)
        -> JournalSealedSegment?
    {
        let header = try file.read(count: headerLength, at: 0)
        guard header.count == headerLength, Array(header[0..<8]) == magic else { return nil }
        var reader = ByteReader(header[8...])
        guard let length = reader.u64(), let count = reader.u64(), let firstTs = reader.u64(),
            let lastTs = reader.u64(), let directoryLength = reader.u64(), let directoryCRC = reader.u32(),
            let positionsCRC = reader.u32(), let idsCRC = reader.u32(), let headerCRC = reader.u32(),
            headerCRC == CRC32.checksum(header[0..<60]), Int(length) == segmentLength,
            directoryLength < 1 << 32, count < 1 << 32
        else { return nil }
        let directory = try file.read(count: Int(directoryLength), at: headerLength)
        guard directory.count == Int(directoryLength), CRC32.checksum(directory) == directoryCRC else { return nil }
        var fields = ByteReader(directory[...])
        guard let logCount = fields.u32() else { return nil }
        var runs: [LogName: JournalSealedSegment.Run] = [:]
        var names: [String: LogName] = [:]
        for _ in 0..<logCount {
            guard let nameLength = fields.u16(), let text = fields.bytes(Int(nameLength)),
                let name = String(validating: text, as: UTF8.self), let log = try? LogName(validating: name),
                let firstSeq = fields.u64(), let runCount = fields.u32(), let start = fields.u32()
            else { return nil }
            names[name] = log
            runs[log] = .init(firstSeq: firstSeq, count: runCount, positionsStart: start)
        }
        guard let sparseCount = fields.u32() else { return nil }
        var sparse: [JournalSealedSegment.SparsePoint] = []
        sparse.reserveCapacity(Int(sparseCount))
        for _ in 0..<sparseCount {
            guard let ts = fields.u64(), let offset = fields.u32() else { return nil }
            sparse.append(.init(ts: ts, offset: offset))
        }
        guard let wordCount = fields.u32(), wordCount > 0 else { return nil }
        var words: [UInt64] = []
        words.reserveCapacity(Int(wordCount))
        for _ in 0..<wordCount {
            guard let word = fields.u64() else { return nil }
            words.append(word)
        }
        guard let bodyBytes = fields.u64(), fields.isAtEnd else { return nil }
        let positionsBase = headerLength + Int(directoryLength)
        return JournalSealedSegment(
            number: number, length: segmentLength, entryCount: Int(count), firstTimestamp: firstTs,
            lastTimestamp: lastTs, bodyBytes: Int(bodyBytes), runs: runs, sparse: sparse,
            bloom: BloomFilter(words: words), positionsBase: positionsBase,
            idsBase: positionsBase + 4 * Int(count), positionsCRC: positionsCRC, idsCRC: idsCRC)
    }
}

/// Little-endian fields appended to a byte buffer.
struct ByteWriter {
    private(set) var buffer: [UInt8] = []
    var count: Int { buffer.count }

    mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    mutating func bytes(_ bytes: [UInt8]) { buffer.append(contentsOf: bytes) }
}

/// Little-endian fields read from bytes; each read is `nil` past the end.
struct ByteReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func u16() -> UInt16? { integer() }
    mutating func u32() -> UInt32? { integer() }
    mutating func u64() -> UInt64? { integer() }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard bytes.count >= count else { return nil }
        defer { bytes = bytes.dropFirst(count) }
        return Array(bytes.prefix(count))
    }

    private mutating func integer<Value: FixedWidthInteger>() -> Value? {
        let size = MemoryLayout<Value>.size
        guard bytes.count >= size else { return nil }
        var value: Value = 0
        for (shift, byte) in bytes.prefix(size).enumerated() { value |= Value(byte) << (shift * 8) }
        bytes = bytes.dropFirst(size)
        return value
    }
}
