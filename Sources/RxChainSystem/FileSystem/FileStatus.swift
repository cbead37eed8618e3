/// What `stat` says about a file: the few fields RxChain reads.
package struct FileStatus: Equatable {
    /// The size in bytes.
    package var size: Int
    package var isRegularFile: Bool
    package var isDirectory: Bool
    /// The device and inode, which together name the file (two paths to one file share them).
    package var device: UInt64
    package var inode: UInt64

    /// The status of the file `path` names (symbolic links followed), or `nil` with
    /// ``systemErrno`` saying why.
    package init?(path: String) {
        guard let status = systemStatus(path: path) else { return nil }
        self = status
    }

    package init(size: Int, isRegularFile: Bool, isDirectory: Bool, device: UInt64, inode: UInt64) {
        self.size = size
        self.isRegularFile = isRegularFile
        self.isDirectory = isDirectory
        self.device = device
        self.inode = inode
    }

    /// Whether both name the same file.
    package func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
