/// How ``SystemFile`` opens a file: for reading, writing or both.
package enum FileAccess {
    /// `O_RDONLY`.
    case readOnly
    /// `O_WRONLY`.
    case writeOnly
    /// `O_RDWR`.
    case readWrite
}
