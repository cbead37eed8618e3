/// Builds the bytes of a snapshot in the local file's binary vocabulary: varints,
/// length-prefixed strings, fixed-width doubles.
///
/// ``SnapshotReader`` reads back exactly what a writer wrote, in the same order. The
/// vocabulary (all multi-byte values little-endian):
/// - **varint**: an unsigned integer in LEB128, 7 bits per byte, low bits first, the high
///   bit set on every byte but the last (1 byte below 128, at most 10);
/// - **signed varint**: a zigzag-mapped varint (0, -1, 1, -2… as 0, 1, 2, 3…);
/// - **string**: a varint byte count, then that many bytes of UTF-8;
/// - **double**: the 8 bytes of its IEEE 754 bit pattern, so `-0.0` and NaN payloads survive.
///
/// ```swift
/// var writer = SnapshotWriter()
/// writer.write(varint: 300)       // AC 02
/// writer.write("Food")            // 04 46 6F 6F 64
/// ```
public struct SnapshotWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer, with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends one byte.
    public mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends `value` as a varint.
    public mutating func write(varint value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a count or an index (non-negative) as a varint.
    public mutating func write(count: Int) {
        precondition(count >= 0, "SnapshotWriter: negative count \(count)")
        write(varint: UInt64(count))
    }

    /// Appends `value` as a zigzag varint.
    public mutating func write(signed value: Int64) {
        write(varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Appends `value`'s bit pattern, little-endian.
    public mutating func write(double value: Double) {
        var pattern = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: pattern))
            pattern >>= 8
        }
    }

    /// Appends `string` as a varint byte count and its UTF-8.
    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            write(count: utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends `raw` as it is, without a length (the reader must know where it ends).
    public mutating func write(raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends a fixed-width little-endian `UInt32`.
    package mutating func write(uint32 value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends a fixed-width little-endian `UInt64`.
    package mutating func write(uint64 value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends each of `values` as a fixed-width little-endian `UInt64`, in one copy.
    package mutating func write(uint64s values: [UInt64]) {
        values.map(\.littleEndian).withUnsafeBytes { bytes.append(contentsOf: $0) }
    }
}
