/// Why the server key could not be read or created. The server does not start without its key.
public enum ServerKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed on the key file or its directory.
    case systemCall(operation: String, path: String, errno: Int32)
    /// The key file (or the bytes given) does not hold exactly ``ServerKey/byteCount`` bytes.
    case wrongLength(path: String, length: Int)
    /// The key file can be read or written by its group or by others (its mode must be 0600):
    /// the key may have leaked, so the server refuses it rather than use it.
    case tooOpen(path: String, mode: UInt32)
    /// The key file is not a regular file.
    case notAFile(path: String)

    public var description: String {
        switch self {
        case .systemCall(let operation, let path, let errno):
            "\(operation) failed on \(path): errno \(errno)"
        case .wrongLength(let path, let length):
            "server key \(path.isEmpty ? "" : "in \(path) ")holds \(length) bytes, not \(ServerKey.byteCount)"
        case .tooOpen(let path, let mode):
            "server key \(path) has mode \(String(mode, radix: 8)): it must be readable by its owner only (0600)"
        case .notAFile(let path):
            "server key \(path) is not a regular file"
        }
    }
}
