/// The fuzzer's bytes read as a stream of choices, for a target that builds structured input (a
/// list of requests, files to lay out) rather than parsing the bytes whole.
///
/// Every read succeeds: past the end, numbers are 0, strings and byte runs are empty. So any input
/// is a valid program of choices, and the fuzzer's mutations (flip a byte, splice two inputs)
/// turn into nearby programs.
package struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    package var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 past the end.
    package mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<count` (`count` at most 256), from one byte.
    package mutating func choice(_ count: Int) -> Int {
        precondition(count > 0 && count <= 256, "FuzzInput.choice: \(count) choices")
        return Int(byte()) % count
    }

    /// One of `options`.
    package mutating func pick<Option>(_ options: [Option]) -> Option {
        options[choice(options.count)]
    }

    /// `true` or `false`, from one byte.
    package mutating func flag() -> Bool {
        byte() & 1 == 1
    }

    /// A run of bytes: its length from the next byte (at most `maximum`), then that many bytes.
    package mutating func bytes(maximum: Int = 255) -> [UInt8] {
        let count = min(Int(byte()), maximum, bytes.count - min(index, bytes.count))
        defer { index += count }
        return Array(bytes[index..<index + count])
    }

    /// The bytes up to the next `separator` (excluded) or the end; the separator is read too.
    package mutating func bytes(upTo separator: UInt8) -> [UInt8] {
        let start = index
        while index < bytes.count, bytes[index] != separator { index += 1 }
        defer { if index < bytes.count { index += 1 } }
        return Array(bytes[start..<index])
    }

    /// Every byte not read yet.
    package mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return Array(bytes[min(index, bytes.count)...])
    }

    /// A string from ``bytes(upTo:)``, invalid UTF-8 repaired (U+FFFD): for fields a target
    /// wants to be text whatever the bytes.
    package mutating func text(upTo separator: UInt8) -> String {
        String(decoding: bytes(upTo: separator), as: UTF8.self)
    }
}
