/// What stays in memory of a closed segment: its index file's directory (each log's first `seq`
/// and count, a sparse `ts` index) and its Bloom filter. The positions and ids are read from
/// the index file on demand.
///
/// A class: every lookup of an id walks a log's closed segments, and passing a reference costs
/// one retain where this struct's copy cost one per table. `Sendable`: immutable.
final class JournalSealedSegment: Sendable {
    struct Run: Sendable {
        var firstSeq: UInt64
        var count: UInt32
        /// The position of the log's first offset in the positions table.
        var positionsStart: UInt32

        var lastSeq: UInt64 { firstSeq + UInt64(count) - 1 }
    }

    struct SparsePoint: Sendable {
        var ts: UInt64
        var offset: UInt32
    }

    let number: Int
    let length: Int
    let entryCount: Int
    let firstTimestamp: UInt64
    let lastTimestamp: UInt64
    let bodyBytes: Int
    let runs: [LogName: Run]
    /// Every ``JournalIndexFile/sparseInterval``th entry's `ts` and offset, in file order.
    let sparse: [SparsePoint]
    let bloom: BloomFilter
    /// Where the positions and the ids tables start in the index file.
    let positionsBase: Int
    let idsBase: Int
    let positionsCRC: UInt32
    let idsCRC: UInt32

    init(
        number: Int, length: Int, entryCount: Int, firstTimestamp: UInt64, lastTimestamp: UInt64, bodyBytes: Int,
        runs: [LogName: Run], sparse: [SparsePoint], bloom: BloomFilter, positionsBase: Int, idsBase: Int,
        positionsCRC: UInt32, idsCRC: UInt32
    ) {
        self.number = number
        self.length = length
        self.entryCount = entryCount
        self.firstTimestamp = firstTimestamp
        self.lastTimestamp = lastTimestamp
        self.bodyBytes = bodyBytes
        self.runs = runs
        self.sparse = sparse
        self.bloom = bloom
        self.positionsBase = positionsBase
        self.idsBase = idsBase
        self.positionsCRC = positionsCRC
        self.idsCRC = idsCRC
    }

    /// The offset from which a scan finds every entry with a `ts` above `timestamp`.
    func scanStart(after timestamp: UInt64) -> Int {
        var low = 0
        var high = sparse.count
        while low < high {
            let middle = (low + high) / 2
            if sparse[middle].ts <= timestamp { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : Int(sparse[low - 1].offset)
    }
}
