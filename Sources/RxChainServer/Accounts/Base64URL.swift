import Foundation

/// The URL- and filename-safe base64 alphabet of RFC 4648 section 5, without padding: the text
/// form of tokens, salts and hashes in the server's accounts.
enum Base64URL {
    /// `bytes` as unpadded base64url text.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes of unpadded base64url text, or `nil` for anything else (padding, other
    /// characters, or unused bits set: only the one canonical spelling of each byte string is
    /// accepted).
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard text.utf8.allSatisfy(isAlphabet), text.utf8.count % 4 != 1 else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: standard) else { return nil }
        let bytes = [UInt8](data)
        return encode(bytes) == text ? bytes : nil
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
