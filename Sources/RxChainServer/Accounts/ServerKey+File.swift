import Foundation

extension ServerKey {
    /// The key file's name inside the data directory.
    public static let fileName = "server.key"

    /// Reads the key from `directory/server.key`, or creates that file with a new random key
    /// when it is absent.
    ///
    /// A new key is written to a temporary file of mode 0600, fsynced, then linked into place
    /// (so a key file is never seen half written, and of two servers starting at once exactly one
    /// key wins and both use it) and the directory is fsynced. An existing key is refused if
    /// anyone but its owner may read or write it. The call blocks on file I/O: make it at start-up.
    ///
    /// - Throws: ``ServerKeyError`` when the file cannot be read or created, has the wrong
    ///   length, is not a regular file, or is open to its group or others.
    public static func loadOrCreate(inDirectory directory: String) throws(ServerKeyError) -> ServerKey {
        let path = (directory as NSString).appendingPathComponent(fileName)
        if let key = try read(path) { return key }
        let key = generate()
        let temporary = path + ".new-\(UInt64.random(in: .min ... .max))"
        defer { unlink(temporary) }  // after a failed write too; once linked, the name is no longer needed
        try write(key.bytes, to: temporary)
        if link(temporary, path) != 0 {
            let code = errno
            guard code == EEXIST else { throw .systemCall(operation: "link", path: path, errno: code) }
            guard let theirs = try read(path) else { throw .systemCall(operation: "open", path: path, errno: ENOENT) }
            return theirs
        }
        try syncDirectory(directory)
        return key
    }

    private static func read(_ path: String) throws(ServerKeyError) -> ServerKey? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .systemCall(operation: "open", path: path, errno: code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .systemCall(operation: "fstat", path: path, errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
        let mode = UInt32(status.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .tooOpen(path: path, mode: mode) }
        guard status.st_size == byteCount else { throw .wrongLength(path: path, length: Int(status.st_size)) }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var done = 0
        while done < byteCount {
            let count = bytes.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress! + done, byteCount - done)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .systemCall(operation: "read", path: path, errno: count < 0 ? errno : EIO) }
            done += count
        }
        return try ServerKey(bytes: bytes)
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(ServerKeyError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .systemCall(operation: "create", path: path, errno: errno) }
        defer { close(descriptor) }
        // The umask can only remove bits; set the mode explicitly anyway so it is exactly 0600.
        guard fchmod(descriptor, 0o600) == 0 else { throw .systemCall(operation: "fchmod", path: path, errno: errno) }
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + done, bytes.count - done)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .systemCall(operation: "write", path: path, errno: count < 0 ? errno : EIO) }
            done += count
        }
        guard fsync(descriptor) == 0 else { throw .systemCall(operation: "fsync", path: path, errno: errno) }
    }

    private static func syncDirectory(_ directory: String) throws(ServerKeyError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .systemCall(operation: "open", path: directory, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .systemCall(operation: "fsync", path: directory, errno: errno) }
    }
}
