/// The URL- and filename-safe base64 alphabet of RFC 4648 section 5, without padding: the text
/// form of tokens, salts and hashes in the server's accounts.
///
/// Works on bytes with a table, without Foundation: every signed request decodes its access
/// token, so this sits on the path of every append.
enum Base64URL {
    /// The 64 characters, by value.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The value of each byte as a character of the alphabet, or `0xFF` for a byte that is none.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { values[Int(character)] = UInt8(value) }
        return values
    }()

    /// `bytes` as unpadded base64url text.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let bytes = Array(bytes)
        var text = [UInt8]()
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] as [UInt32] { text.append(alphabet[Int(group >> shift & 63)]) }
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            text.append(alphabet[Int(group >> 18 & 63)])
            text.append(alphabet[Int(group >> 12 & 63)])
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            text.append(alphabet[Int(group >> 18 & 63)])
            text.append(alphabet[Int(group >> 12 & 63)])
            text.append(alphabet[Int(group >> 6 & 63)])
        default:
            break
        }
        return String(decoding: text, as: UTF8.self)  // ASCII only: nothing to repair
    }

    /// The bytes of unpadded base64url text, or `nil` for anything else (padding, other
    /// characters, or unused bits set: only the one canonical spelling of each byte string is
    /// accepted).
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        decode(bytes: Array(text.utf8))
    }

    /// ``decode(_:)`` of text given as its UTF-8 bytes.
    static func decode(bytes characters: some Collection<UInt8>) -> [UInt8]? {
        guard characters.count % 4 != 1 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(characters.count * 3 / 4)
        var group: UInt32 = 0
        var count = 0
        for character in characters {
            let value = values[Int(character)]
            guard value != 0xFF else { return nil }
            group = group << 6 | UInt32(value)
            count += 1
            if count == 4 {
                bytes.append(UInt8(truncatingIfNeeded: group >> 16))
                bytes.append(UInt8(truncatingIfNeeded: group >> 8))
                bytes.append(UInt8(truncatingIfNeeded: group))
                group = 0
                count = 0
            }
        }
        switch count {
        case 2:
            // 12 bits for one byte: the last 4 must be zero.
            guard group & 0xF == 0 else { return nil }
            bytes.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            // 18 bits for two bytes: the last 2 must be zero.
            guard group & 0x3 == 0 else { return nil }
            bytes.append(UInt8(truncatingIfNeeded: group >> 10))
            bytes.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            break
        }
        return bytes
    }
}
