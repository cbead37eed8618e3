/// What else ``SystemFile`` does when it opens a file (`O_CLOEXEC` is always set).
package struct FileOpenOptions: OptionSet {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `O_CREAT`: creates the file when it does not exist.
    package static var create: FileOpenOptions { FileOpenOptions(rawValue: 1 << 0) }
    /// `O_EXCL`: with ``create``, fails with `EEXIST` when the file exists.
    package static var exclusive: FileOpenOptions { FileOpenOptions(rawValue: 1 << 1) }
    /// `O_TRUNC`: empties the file.
    package static var truncate: FileOpenOptions { FileOpenOptions(rawValue: 1 << 2) }
    /// `O_APPEND`: every sequential write goes to the end of the file, atomically.
    package static var append: FileOpenOptions { FileOpenOptions(rawValue: 1 << 3) }
    /// `O_DIRECTORY`: fails unless the path names a directory.
    package static var directory: FileOpenOptions { FileOpenOptions(rawValue: 1 << 4) }
}
