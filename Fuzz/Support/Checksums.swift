import RxChainSystem

/// `bytes` with the right CRC-32 in front of every line of the form `<8 bytes> <json>`: the
/// framing of the queue log and the server journal (`ChecksummedLine`).
///
/// A target fed lines through it reaches the JSON behind the checksums, which the fuzzer could
/// hardly ever match by mutation alone.
package func withChecksums(_ bytes: [UInt8]) -> [UInt8] {
    var fixed: [UInt8] = []
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        if !fixed.isEmpty { fixed.append(0x0A) }
        guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: " ") else {
            fixed += line
            continue
        }
        let digits = String(CRC32.checksum(line.dropFirst(9)), radix: 16)
        fixed += Array((String(repeating: "0", count: 8 - digits.count) + digits).utf8)
        fixed += line.dropFirst(8)
    }
    return fixed
}
