import Foundation
import RxChainSystem

/// The bytes of `local.snapshot`: a ``PlaybookSnapshot`` in a versioned, checksummed binary
/// envelope, its state in the domain's ``PlaybookDomain/snapshotFormat``.
///
/// Layout (fixed-width integers little-endian; varints and strings as ``SnapshotWriter``
/// describes them):
///
/// | Bytes | Field |
/// |-------|-------|
/// | 8 | magic `89 52 58 53 4E 41 50 0A` (`\x89RXSNAP\n`: never JSON, never text) |
/// | 4 | envelope version, `2` |
/// | 8 | body length in bytes |
/// | 4 | CRC-32 (IEEE) of the body |
/// | … | body: exactly `body length` bytes, then the file ends |
///
/// Body: `location` (string), `reducerVersion` (signed varint), the state's format name
/// (string), `revision` (string), `cursor` (byte `0` for none, or `1` and a string),
/// `lineCount` (varint), `actionIDs` (see ``ActionIDIndex``'s snapshot form: per device its
/// id, the digests of its `seq`s 1…n, then its other claims), then the state as the domain
/// wrote it, to the end. Version 1 (per-device high-water marks, no digests) is not read:
/// such a snapshot is rebuilt from the playbook.
///
/// Decoding checks, in order, the magic, the version, the length, the CRC-32, the state
/// format, and that the domain's decoder read the body to its last byte; any failure
/// throws (``SnapshotDecodingError`` or the domain's error) and never yields a partial
/// snapshot.
enum PlaybookSnapshotFile {
    /// The first eight bytes of every snapshot in this envelope.
    static let magic: [UInt8] = [0x89, 0x52, 0x58, 0x53, 0x4E, 0x41, 0x50, 0x0A]
    /// The envelope version this build writes and reads.
    static let version: UInt32 = 2
    /// Magic, version, body length, CRC-32.
    static let headerSize = 24

    /// The file's bytes for `snapshot`, its state written by `domain`.
    package static func encode<Domain: PlaybookDomain>(_ snapshot: PlaybookSnapshot<Domain.State>, domain: Domain)
        throws
        -> Data
    {
        var body = SnapshotWriter(capacity: 1 << 16)
        body.write(snapshot.location)
        body.write(signed: Int64(snapshot.reducerVersion))
        body.write(domain.snapshotFormat)
        body.write(snapshot.revision.rawValue)
        if let cursor = snapshot.cursor {
            body.write(byte: 1)
            body.write(cursor.rawValue)
        } else {
            body.write(byte: 0)
        }
        body.write(count: snapshot.lineCount)
        snapshot.actionIDs.write(into: &body)
        try domain.encodeSnapshot(snapshot.state, into: &body)
        var header = SnapshotWriter(capacity: headerSize)
        header.write(raw: magic)
        header.write(uint32: version)
        header.write(uint64: UInt64(body.bytes.count))
        header.write(uint32: body.bytes.withUnsafeBytes { CRC32.checksum($0) })
        var data = Data(capacity: headerSize + body.bytes.count)
        data.append(contentsOf: header.bytes)
        data.append(contentsOf: body.bytes)
        return data
    }

    /// The snapshot in `bytes`, its state read by `domain`.
    ///
    /// - Throws: when `bytes` is not a whole, intact snapshot in this envelope and the
    ///   domain's current ``PlaybookDomain/snapshotFormat``.
    static func decode<Domain: PlaybookDomain>(_ bytes: Data, domain: Domain) throws -> PlaybookSnapshot<
        Domain.State
    > {
        try bytes.withUnsafeBytes { buffer in
            var file = SnapshotReader(buffer)
            let body = try checkedBody(&file)
            var reader = SnapshotReader(body)
            return try decodeBody(&reader, domain: domain)
        }
    }

    /// The body after a header that checks out.
    private static func checkedBody(_ file: inout SnapshotReader) throws(SnapshotDecodingError)
        -> UnsafeRawBufferPointer
    {
        guard file.remaining >= headerSize else {
            throw SnapshotDecodingError("\(file.remaining) bytes is shorter than the header")
        }
        guard Array(try file.readBytes(count: magic.count)) == magic else {
            throw SnapshotDecodingError("not a snapshot file (bad magic)")
        }
        let found = try file.readUInt32()
        guard found == version else {
            throw SnapshotDecodingError("snapshot envelope version \(found), this build reads \(version)")
        }
        let length = try file.readUInt64()
        let checksum = try file.readUInt32()
        guard length == UInt64(file.remaining) else {
            throw SnapshotDecodingError("body of \(file.remaining) bytes, the header says \(length)")
        }
        let body = file.readRest()
        let actual = CRC32.checksum(body)
        guard actual == checksum else {
            throw SnapshotDecodingError("CRC-32 \(actual) does not match the header's \(checksum)")
        }
        return body
    }

    private static func decodeBody<Domain: PlaybookDomain>(_ reader: inout SnapshotReader, domain: Domain) throws
        -> PlaybookSnapshot<Domain.State>
    {
        let location = try reader.readString()
        let reducerVersion = try reader.readSigned()
        let format = try reader.readString()
        guard format == domain.snapshotFormat else {
            throw SnapshotDecodingError("state format \"\(format)\" became \"\(domain.snapshotFormat)\"")
        }
        guard let reducer = Int(exactly: reducerVersion) else {
            throw SnapshotDecodingError("reducer version \(reducerVersion) out of range")
        }
        var snapshot = PlaybookSnapshot(location: location, reducerVersion: reducer, emptyState: domain.emptyState)
        snapshot.revision = Revision(try reader.readString())
        switch try reader.readByte() {
        case 0: snapshot.cursor = nil
        case 1: snapshot.cursor = PlaybookCursor(try reader.readString())
        case let tag: throw SnapshotDecodingError("cursor tag \(tag)")
        }
        let lineCount = try reader.readVarint()
        guard let lines = Int(exactly: lineCount) else {
            throw SnapshotDecodingError("line count \(lineCount) out of range")
        }
        snapshot.lineCount = lines
        snapshot.actionIDs = try ActionIDIndex(reading: &reader)
        snapshot.state = try domain.decodeSnapshot(from: &reader)
        guard reader.isAtEnd else {
            throw SnapshotDecodingError("\(reader.remaining) bytes left after the state")
        }
        return snapshot
    }
}
