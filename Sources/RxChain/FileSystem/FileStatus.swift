/// What `stat` says about a file: the few fields RxChain reads.
struct FileStatus: Equatable {
    /// The size in bytes.
    var size: Int
    var isRegularFile: Bool
    var isDirectory: Bool
    /// The device and inode, which together name the file (two paths to one file share them).
    var device: UInt64
    var inode: UInt64

    /// The status of the file `path` names (symbolic links followed), or `nil` with
    /// ``systemErrno`` saying why.
    init?(path: String) {
        guard let status = systemStatus(path: path) else { return nil }
        self = status
    }

    init(size: Int, isRegularFile: Bool, isDirectory: Bool, device: UInt64, inode: UInt64) {
        self.size = size
        self.isRegularFile = isRegularFile
        self.isDirectory = isDirectory
        self.device = device
        self.inode = inode
    }

    /// Whether both name the same file.
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
