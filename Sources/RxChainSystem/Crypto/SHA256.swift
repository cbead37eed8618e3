/// SHA-256 (FIPS 180-4), written here so the package needs no crypto library.
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))   // 32 bytes: ba7816bf…
/// var hasher = SHA256()
/// hasher.update(part1); hasher.update(part2)
/// let same = hasher.finalize()
/// ```
///
/// A value type: feed bytes with ``update(_:)`` in as many pieces as you like, then
/// ``finalize()`` once. A copy carries the bytes absorbed so far, so a hasher fed a common
/// prefix can be copied and continued (``HMACSHA256`` keeps its keyed states that way). Not
/// constant-time with respect to the input length, which is public in every use here (payload
/// hashes, HMAC and PBKDF2 over inputs whose lengths are not secret).
package struct SHA256: Sendable {
    /// The digest length in bytes.
    package static let digestCount = 32
    /// The block length in bytes (HMAC pads its key to this).
    package static let blockCount = 64

    /// The eight 32-bit words of the chaining value: all SHA-256 carries from block to block.
    package struct State: Sendable, Equatable {
        var h0: UInt32 = 0x6a09_e667
        var h1: UInt32 = 0xbb67_ae85
        var h2: UInt32 = 0x3c6e_f372
        var h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f
        var h5: UInt32 = 0x9b05_688c
        var h6: UInt32 = 0x1f83_d9ab
        var h7: UInt32 = 0x5be0_cd19

        /// The initial value of FIPS 180-4 section 5.3.3.
        package init() {}

        /// Writes the state as a 32-byte big-endian digest at `destination` (32 bytes of room).
        package func write(to destination: UnsafeMutableRawBufferPointer) {
            destination.storeBytes(of: h0.bigEndian, toByteOffset: 0, as: UInt32.self)
            destination.storeBytes(of: h1.bigEndian, toByteOffset: 4, as: UInt32.self)
            destination.storeBytes(of: h2.bigEndian, toByteOffset: 8, as: UInt32.self)
            destination.storeBytes(of: h3.bigEndian, toByteOffset: 12, as: UInt32.self)
            destination.storeBytes(of: h4.bigEndian, toByteOffset: 16, as: UInt32.self)
            destination.storeBytes(of: h5.bigEndian, toByteOffset: 20, as: UInt32.self)
            destination.storeBytes(of: h6.bigEndian, toByteOffset: 24, as: UInt32.self)
            destination.storeBytes(of: h7.bigEndian, toByteOffset: 28, as: UInt32.self)
        }
    }

    private var state = State()
    /// Bytes waiting for a full block (fewer than 64).
    private var pending: [UInt8] = []
    /// How many message bytes were fed in so far.
    private var length: UInt64 = 0

    /// A hasher that has absorbed nothing.
    package init() {}

    /// The digest of `bytes` in one call.
    package static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Feeds more message bytes.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if done == nil { update(Array(bytes)) }
    }

    /// Feeds more message bytes from raw memory.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var rest = bytes[...]
        if !pending.isEmpty {
            let take = min(Self.blockCount - pending.count, rest.count)
            pending.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            guard pending.count == Self.blockCount else { return }
            pending.withUnsafeBytes { Self.compress(&state, block: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        while rest.count >= Self.blockCount {
            Self.compress(&state, block: UnsafeRawBufferPointer(rebasing: rest.prefix(Self.blockCount)))
            rest = rest.dropFirst(Self.blockCount)
        }
        if !rest.isEmpty { pending.append(contentsOf: rest) }
    }

    /// A hasher resuming after whole blocks that left `state`, `length` bytes in all
    /// (``HMACSHA256`` resumes from its padded key's block for every message).
    ///
    /// - Precondition: `length` is a multiple of ``blockCount``.
    package init(resumingFrom state: State, length: UInt64) {
        precondition(length % UInt64(Self.blockCount) == 0, "SHA-256 resumes only at a block boundary")
        self.state = state
        self.length = length
    }

    /// Pads the message, processes the last blocks and returns the 32-byte digest.
    package consuming func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockCount != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> shift)) }
        tail.withUnsafeBytes { raw in
            for start in stride(from: 0, to: raw.count, by: Self.blockCount) {
                Self.compress(&state, block: UnsafeRawBufferPointer(rebasing: raw[start..<start + Self.blockCount]))
            }
        }
        var digest = [UInt8](repeating: 0, count: Self.digestCount)
        digest.withUnsafeMutableBytes { state.write(to: $0) }
        return digest
    }

    /// Processes one 64-byte block into `state` (FIPS 180-4 section 6.2.2).
    ///
    /// - Precondition: `block` holds exactly 64 bytes.
    package static func compress(_ state: inout State, block: UnsafeRawBufferPointer) {
        precondition(block.count == blockCount, "a SHA-256 block is 64 bytes")
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for index in 0..<16 {
                schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            for index in 16..<64 {
                let w15 = schedule[index - 15]
                let w2 = schedule[index - 2]
                let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
                let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
                schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
            }
            var (a, b, c, d) = (state.h0, state.h1, state.h2, state.h3)
            var (e, f, g, h) = (state.h4, state.h5, state.h6, state.h7)
            roundConstants.withUnsafeBufferPointer { constants in
                for index in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let temp1 = h &+ s1 &+ choice &+ constants[index] &+ schedule[index]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let temp2 = s0 &+ majority
                    (h, g, f, e) = (g, f, e, d &+ temp1)
                    (d, c, b, a) = (c, b, a, temp1 &+ temp2)
                }
            }
            state.h0 &+= a
            state.h1 &+= b
            state.h2 &+= c
            state.h3 &+= d
            state.h4 &+= e
            state.h5 &+= f
            state.h6 &+= g
            state.h7 &+= h
        }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
