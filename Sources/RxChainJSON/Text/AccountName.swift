/// The one rule for the names of accounts and devices on an RxChain server, checked by the
/// server (sign-up, sign-in, grants) and by the client before a name reaches a path or a file.
///
/// A user name is 1 to 64 ASCII letters, digits, `-` or `_`, so it is also a log-name segment
/// (`users/alice/actions`) and a file-name part (`alice@SERVER.json`); a device name may also
/// hold `.` (host names).
package enum AccountName {
    /// The most bytes a user or device name may have.
    package static let maximumLength = 64

    /// Whether `name` is a valid user name, or with `allowingDots` a valid device name.
    package static func isValid(_ name: String, allowingDots: Bool = false) -> Bool {
        let bytes = name.utf8
        guard (1...maximumLength).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            case UInt8(ascii: "."): allowingDots
            default: false
            }
        }
    }
}
