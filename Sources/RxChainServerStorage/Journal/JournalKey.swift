/// The 64-bit key of an entry's `(log, id)` in the journal's index files and Bloom filters.
///
/// FNV-1a over the log name, a NUL (which neither a log name nor the framing lets into a name),
/// and the id, then SplitMix64's finaliser so every bit depends on every byte. Stable across
/// processes and versions (`Hasher` is seeded per process, so an index file could not use it).
/// Two entries may share a key: a lookup compares the entry it finds.
enum JournalKey {
    static func of(log: LogName, id: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        for segment in log.segments.indices {
            if segment > 0 { mix(UInt8(ascii: "/")) }
            for byte in log.segments[segment].utf8 { mix(byte) }
        }
        mix(0)
        for byte in id.utf8 { mix(byte) }
        var z = hash &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
