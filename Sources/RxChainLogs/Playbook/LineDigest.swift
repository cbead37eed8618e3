/// A 64-bit digest of one playbook line's bytes: how replay tells a repeated line (the same
/// bytes again) from a line that reuses an `actionId` for something else, and how a device
/// checks that the line holding one of its actionIds is the action it queued.
///
/// The digest is part of the local file (``ActionIDIndex`` keeps one per actionId), so it is
/// fixed: the same bytes give the same digest on every platform, in every release that reads
/// the same snapshot version. It is not cryptographic. Two different lines share a digest with
/// a probability of about 2⁻⁶⁴; a line written to collide with another must know that line's
/// bytes first, and the engine compares a device's own pending line only with lines that were
/// in the playbook before it was sent.
///
/// A trailing `\r` (a CRLF line end) is not part of the line, so the same line digests alike
/// whichever line end the file uses.
///
/// ```swift
/// let digest = LineDigest.of(Array(#"{"type":"categories/new","payload":"food"}"#.utf8))
/// ```
@usableFromInline package enum LineDigest {
    private static let seed: UInt64 = 0x243F_6A88_85A3_08D3
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The digest of `line` (without its `\n`; a trailing `\r` is ignored).
    @usableFromInline package static func of(_ line: UnsafeRawBufferPointer) -> UInt64 {
        var count = line.count
        if count > 0, line[count - 1] == 0x0D { count -= 1 }
        var hash = seed ^ (UInt64(count) &* multiplier)
        var offset = 0
        while offset + 8 <= count {
            let word = UInt64(littleEndian: line.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = mix(hash ^ word)
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in offset..<count { tail |= UInt64(line[index]) << (8 * UInt64(index - offset)) }
            hash = mix(hash ^ tail)
        }
        return finish(hash)
    }

    /// The digest of `line`'s bytes (see ``of(_:)-(UnsafeRawBufferPointer)``).
    @usableFromInline package static func of(_ line: some Collection<UInt8>) -> UInt64 {
        if let digest = line.withContiguousStorageIfAvailable({ of(UnsafeRawBufferPointer($0)) }) { return digest }
        return Array(line).withUnsafeBytes { of($0) }
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* multiplier
        return product ^ (product &>> 29)
    }

    /// The murmur3 finaliser: every input bit reaches every output bit.
    private static func finish(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash &>> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash &>> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash &>> 33
        return hash
    }
}
