import RxChainSystem

/// Reads the bytes a ``SnapshotWriter`` wrote, in the same order, checking every bound.
///
/// Every read throws ``SnapshotDecodingError`` instead of reading past the end, so a
/// damaged snapshot can never crash the process; the engine then rebuilds the state from
/// the playbook. Counts are checked against the bytes left (each counted item takes at
/// least one byte), so a damaged count never reserves a huge buffer.
///
/// > Important: A reader points into a buffer owned by the engine and is valid only
/// > inside the call that receives it: never store it or let it escape.
public struct SnapshotReader {
    private let buffer: UnsafeRawBufferPointer
    /// Where the next read starts.
    public private(set) var offset: Int

    /// A reader of `buffer`, valid only while `buffer` is.
    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
        self.offset = 0
    }

    /// Runs `body` with a reader of `bytes`, valid only inside `body` (how a domain's tests
    /// read back what its ``PlaybookDomain/encodeSnapshot(_:into:)`` wrote).
    ///
    /// ```swift
    /// let state = try SnapshotReader.withReader(of: writer.bytes) { try domain.decodeSnapshot(from: &$0) }
    /// ```
    public static func withReader<Result>(
        of bytes: [UInt8], _ body: (inout SnapshotReader) throws -> Result
    ) rethrows -> Result {
        try bytes.withUnsafeBytes { buffer in
            var reader = SnapshotReader(buffer)
            return try body(&reader)
        }
    }

    /// Whether every byte was read.
    public var isAtEnd: Bool { offset == buffer.count }

    /// How many bytes are left.
    public var remaining: Int { buffer.count - offset }

    /// Reads one byte.
    public mutating func readByte() throws(SnapshotDecodingError) -> UInt8 {
        guard offset < buffer.count else { throw SnapshotDecodingError("unexpected end at byte \(offset)") }
        defer { offset += 1 }
        return buffer[offset]
    }

    /// Reads a varint (at most 10 bytes, no bits beyond 64).
    public mutating func readVarint() throws(SnapshotDecodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 63 || (shift == 63 && byte <= 1) else {
                throw SnapshotDecodingError("varint longer than 64 bits at byte \(offset)")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// Reads a count of items that follow, each taking at least one byte.
    public mutating func readCount() throws(SnapshotDecodingError) -> Int {
        let value = try readVarint()
        guard value <= UInt64(remaining) else {
            throw SnapshotDecodingError("count \(value) exceeds the \(remaining) bytes left at byte \(offset)")
        }
        return Int(value)
    }

    /// Reads an index below `bound`.
    public mutating func readIndex(below bound: Int) throws(SnapshotDecodingError) -> Int {
        let value = try readVarint()
        guard value < UInt64(bound) else { throw SnapshotDecodingError("index \(value) is not below \(bound)") }
        return Int(value)
    }

    /// Reads a zigzag varint.
    public mutating func readSigned() throws(SnapshotDecodingError) -> Int64 {
        let value = try readVarint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    /// Reads a double's bit pattern.
    public mutating func readDouble() throws(SnapshotDecodingError) -> Double {
        Double(bitPattern: try readUInt64())
    }

    /// Reads a length-prefixed string; invalid UTF-8 throws.
    public mutating func readString() throws(SnapshotDecodingError) -> String {
        let bytes = try readBytes(count: try readCount()).assumingMemoryBound(to: UInt8.self)
        // `String(decoding:)` is the fast path but repairs invalid UTF-8; a repaired string
        // differs from the bytes, which is how invalid input is caught.
        var string = String(decoding: bytes, as: UTF8.self)
        let isExact = string.withUTF8 { utf8 in
            utf8.count == bytes.count
                && (bytes.isEmpty || systemBytesEqual(utf8.baseAddress!, bytes.baseAddress!, count: bytes.count))
        }
        guard isExact else { throw SnapshotDecodingError("invalid UTF-8 in the string ending at byte \(offset)") }
        return string
    }

    /// Reads the next `count` bytes (valid as long as the reader is).
    public mutating func readBytes(count: Int) throws(SnapshotDecodingError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else {
            throw SnapshotDecodingError("\(count) bytes wanted, \(remaining) left at byte \(offset)")
        }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
    }

    /// Reads every byte left.
    public mutating func readRest() -> UnsafeRawBufferPointer {
        defer { offset = buffer.count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset...])
    }

    /// Reads a fixed-width little-endian `UInt32`.
    mutating func readUInt32() throws(SnapshotDecodingError) -> UInt32 {
        let bytes = try readBytes(count: 4)
        return UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))
    }

    /// Reads a fixed-width little-endian `UInt64`.
    mutating func readUInt64() throws(SnapshotDecodingError) -> UInt64 {
        let bytes = try readBytes(count: 8)
        return UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
    }
}
