import Foundation
import RxChainSystem

extension NDJSONReader {
    /// Reads the file at `path` in chunks and calls `body` with each line, in order; returns
    /// the torn line (bytes after the last newline), if any, for the caller to judge.
    ///
    /// Memory is one chunk plus the longest line, whatever the file's size. The file is read
    /// with POSIX `read`, so it may be a pipe or a device (`/dev/null` reads as empty).
    ///
    /// > Important: Blocks the calling thread on file I/O: call it from the main thread or a
    /// > dedicated thread, never from a task on the concurrency pool.
    ///
    /// - Throws: ``NDJSONFileError`` naming the path when it cannot be opened or read (missing,
    ///   a directory, no permission, a symbolic link loop…), or whatever `body` throws. Lines
    ///   already handed to `body` stay handed out.
    package static func readFile(
        atPath path: String, chunkSize: Int = 1 << 16, _ body: (NDJSONLine) throws -> Void
    ) throws -> NDJSONLine? {
        var reader = NDJSONReader()
        try readChunks(ofFile: path, chunkSize: chunkSize) { chunk in
            for line in reader.feed(chunk) { try body(line) }
            return true
        }
        return reader.finish()
    }

    /// Reads the file at `path` in chunks of at most `chunkSize` bytes and hands each to `body`,
    /// in order, until the end of the file or until `body` returns `false`: for a caller that
    /// splits lines itself (playbook replay), with the same errors as ``readFile(atPath:chunkSize:_:)``.
    ///
    /// > Important: Blocks the calling thread on file I/O; never call it from the concurrency pool.
    ///
    /// - Throws: ``NDJSONFileError`` naming the path, or whatever `body` throws.
    package static func readChunks(
        ofFile path: String, chunkSize: Int = 1 << 16, _ body: (UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        let file = try openForReading(path)
        defer { file.close() }
        var chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
        while true {
            let count = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
            if count == 0 { return }
            let goOn = try chunk.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            if !goOn { return }
        }
    }

    /// Reads the whole file at `path`: its complete lines, and the torn last line if any.
    ///
    /// - Throws: ``NDJSONFileError`` naming the path.
    package static func readFile(atPath path: String) throws(NDJSONFileError) -> (
        lines: [NDJSONLine], tornLine: NDJSONLine?
    ) {
        var lines: [NDJSONLine] = []
        do {
            let torn = try readFile(atPath: path) { lines.append($0) }
            return (lines, torn)
        } catch let error as NDJSONFileError {
            throw error
        } catch {
            preconditionFailure("the body only appends: \(error)")
        }
    }

    /// Opens `path` read-only; a directory is refused here rather than at the first read.
    private static func openForReading(_ path: String) throws(NDJSONFileError) -> SystemFile<NDJSONFileError> {
        let file = try SystemFile<NDJSONFileError>.open(path, .readOnly)
        if (try? file.status())?.isDirectory == true {
            file.close()
            throw NDJSONFileError(path: path, problem: .isADirectory)
        }
        return file
    }
}
