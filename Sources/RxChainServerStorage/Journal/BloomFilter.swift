/// A Bloom filter over ``JournalKey``s: "certainly not here" or "maybe here".
///
/// Each sealed journal segment keeps one in memory, so an append of a new id (nearly every
/// append) is told "not in this segment" without reading its index file. Ten bits and seven
/// probes per key: about 1 % false positives, which cost one lookup in the index file.
struct BloomFilter: Sendable, Equatable {
    static let bitsPerKey = 10
    static let probes = 7

    private(set) var words: [UInt64]

    /// A filter sized for `count` keys.
    init(capacity count: Int) {
        words = [UInt64](repeating: 0, count: max(1, (count * Self.bitsPerKey + 63) / 64))
    }

    /// A filter read back from an index file.
    init(words: [UInt64]) {
        precondition(!words.isEmpty, "BloomFilter: no words")
        self.words = words
    }

    mutating func insert(_ key: UInt64) {
        let bits = UInt64(words.count * 64)
        var probe = key
        let step = (key >> 33) | 1
        for _ in 0..<Self.probes {
            let bit = probe % bits
            words[Int(bit / 64)] |= 1 << (bit % 64)
            probe &+= step
        }
    }

    func mayContain(_ key: UInt64) -> Bool {
        let bits = UInt64(words.count * 64)
        var probe = key
        let step = (key >> 33) | 1
        for _ in 0..<Self.probes {
            let bit = probe % bits
            if words[Int(bit / 64)] & (1 << (bit % 64)) == 0 { return false }
            probe &+= step
        }
        return true
    }
}
