import Foundation
import RxChainLogs
import RxChainTesting
import Testing

/// The snapshot vocabulary reads back what it wrote, and throws (never traps) on bad bytes.
@Suite struct SnapshotReaderTests {
    @Test func varintsHaveTheDocumentedBytes() {
        var writer = SnapshotWriter()
        writer.write(varint: 0)
        writer.write(varint: 127)
        writer.write(varint: 300)
        writer.write("Food")
        #expect(writer.bytes == [0x00, 0x7F, 0xAC, 0x02, 0x04, 0x46, 0x6F, 0x6F, 0x64])
    }

    @Test func valuesRoundTrip() throws {
        let unsigned: [UInt64] = [0, 1, 127, 128, 16_383, 16_384, UInt64(UInt32.max), .max]
        let signed: [Int64] = [0, -1, 1, -64, 64, .min, .max]
        let doubles: [Double] = [0, -0.0, 12.5, .greatestFiniteMagnitude, -.leastNonzeroMagnitude, .infinity]
        let strings = ["", "a", "Café ☕️", String(repeating: "x", count: 300)]
        var writer = SnapshotWriter()
        unsigned.forEach { writer.write(varint: $0) }
        signed.forEach { writer.write(signed: $0) }
        doubles.forEach { writer.write(double: $0) }
        strings.forEach { writer.write($0) }
        let read = try SnapshotReader.withReader(of: writer.bytes) { reader in
            let readUnsigned = try unsigned.map { _ in try reader.readVarint() }
            let readSigned = try signed.map { _ in try reader.readSigned() }
            let readDoubles = try doubles.map { _ in try reader.readDouble().bitPattern }
            let readStrings = try strings.map { _ in try reader.readString() }
            return (readUnsigned, readSigned, readDoubles, readStrings, reader.isAtEnd)
        }
        #expect(read.0 == unsigned)
        #expect(read.1 == signed)
        #expect(read.2 == doubles.map(\.bitPattern))
        #expect(read.3 == strings)
        #expect(read.4)
    }

    @Test func randomStringsAndNumbersRoundTrip() throws {
        let value = Gen.zip(
            Gen.string(alphabet: "aé€😀\n\"", length: 0...20), Gen<Int64>.integer(in: .min ... .max))
        try forAll(value.array(length: 0...10)) { values in
            var writer = SnapshotWriter()
            for (text, number) in values {
                writer.write(text)
                writer.write(signed: number)
            }
            return try SnapshotReader.withReader(of: writer.bytes) { reader in
                let read = try values.map { _ in (try reader.readString(), try reader.readSigned()) }
                return reader.isAtEnd && read.map(\.0) == values.map(\.0) && read.map(\.1) == values.map(\.1)
            }
        }
    }

    @Test(arguments: [
        [UInt8](),  // nothing to read
        [0x80],  // a varint cut short
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02],  // beyond 64 bits
        [0x05, 0x61, 0x62],  // a string longer than the bytes left
        [0x02, 0xC3, 0x28],  // invalid UTF-8
        [0x01, 0xFF],  // a lone invalid byte
    ])
    func badBytesThrow(bytes: [UInt8]) {
        #expect(throws: SnapshotDecodingError.self) {
            try SnapshotReader.withReader(of: bytes) { try $0.readString() }
        }
    }

    @Test func countsCannotExceedTheBytesLeft() {
        var writer = SnapshotWriter()
        writer.write(varint: 1_000_000)
        writer.write(byte: 0)
        #expect(throws: SnapshotDecodingError.self) {
            try SnapshotReader.withReader(of: writer.bytes) { try $0.readCount() }
        }
        #expect(throws: SnapshotDecodingError.self) {
            try SnapshotReader.withReader(of: [0x03]) { try $0.readIndex(below: 3) }
        }
    }
}
