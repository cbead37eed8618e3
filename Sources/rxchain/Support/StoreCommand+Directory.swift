import Foundation

extension StoreCommand {
    /// The longest `--wait` accepted, in seconds: one day.
    static let maximumWait: Double = 86_400

    /// `--wait`, in seconds (default 10): a decimal number from 0 to ``maximumWait``.
    static func waitSeconds(_ arguments: ParsedArguments) throws(UsageError) -> Double {
        try arguments.decimal("wait", in: 0...maximumWait) ?? 10
    }

    /// `--store`, as a directory URL; an empty path is refused (it would mean the current directory).
    static func storeDirectory(_ arguments: ParsedArguments) throws(UsageError) -> URL {
        guard let store = arguments.value("store") else {
            throw UsageError("missing option --store DIR (the local store's directory)")
        }
        guard !store.isEmpty else {
            throw UsageError("option '--store' expects a directory, got an empty path")
        }
        return URL(fileURLWithPath: store)
    }

    /// Checks what `--store` names before it is opened: a directory, or nothing yet when the
    /// command may create the store (`mustExist` false).
    ///
    /// - Throws: ``CommandFailure`` naming the path and what is wrong with it: a file, a
    ///   symbolic link loop, a file on the way, no permission, or (with `mustExist`) no store.
    static func checkStore(_ directory: URL, mustExist: Bool) throws(CommandFailure) {
        let path = directory.path
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw CommandFailure("the store '\(path)' is not a directory (it is a file)")
            }
            return
        }
        let code = errno
        switch code {
        case ENOENT where !mustExist:
            return  // created on open
        case ENOENT:
            throw CommandFailure("no store at '\(path)' (no such directory)")
        case ENOTDIR:
            throw CommandFailure("cannot use the store '\(path)': a part of the path is a file, not a directory")
        case ELOOP:
            throw CommandFailure(
                "cannot use the store '\(path)': too many levels of symbolic links (a symbolic link loop?)")
        case EACCES, EPERM:
            throw CommandFailure("cannot use the store '\(path)': permission denied")
        default:
            throw CommandFailure("cannot use the store '\(path)': \(String(cString: strerror(code)))")
        }
    }
}
