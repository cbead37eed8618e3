import Foundation
import RxChainSystem

/// The journal's read cache: blocks of its segment and index files, least recently used out
/// first, never more than its capacity in bytes.
///
/// Every read of an entry, an index table or a lookup goes through it; the kernel's page cache
/// sits below it (and is not counted in the server's memory). A block shorter than
/// ``blockSize`` is the end of a file as it was read: a read past it asks the file again (the
/// open segment grows).
///
/// `Sendable`: its state sits behind one `Lock`; the `pread`s happen outside it.
final class JournalBlockCache: Sendable {
    static let blockSize = 1 << 16

    private struct Key: Hashable {
        var file: Int
        var block: Int
    }

    private struct Block {
        var bytes: [UInt8]
        var lastUse: UInt64
    }

    private struct State {
        var blocks: [Key: Block] = [:]
        var bytes = 0
        var tick: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    /// The most bytes of blocks kept.
    let capacity: Int
    private let state = Lock(State())

    init(capacity: Int) {
        self.capacity = max(capacity, Self.blockSize)
    }

    /// The bytes cached now.
    var size: Int { state.withLock { $0.bytes } }

    /// Up to `count` bytes of `file` from `offset` (fewer only at the end of the file).
    func read(_ file: JournalReadFile, at offset: Int, count: Int) throws(LogStoreError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var position = offset
        let end = offset + count
        while position < end {
            let block = position / Self.blockSize
            let bytes = try self.block(block, of: file, covering: position - block * Self.blockSize)
            let start = position - block * Self.blockSize
            guard start < bytes.count else { break }
            let take = min(bytes.count - start, end - position)
            result.append(contentsOf: bytes[start..<(start + take)])
            position += take
            if bytes.count < Self.blockSize { break }
        }
        return result
    }

    /// The line of `file` that starts at `offset`, without its newline; `nil` when no newline
    /// comes before `end`.
    func line(_ file: JournalReadFile, at offset: Int, end: Int) throws(LogStoreError) -> [UInt8]? {
        guard offset < end else { return nil }
        // Most lines lie within one block: copy only the line, not a window around it.
        let number = offset / Self.blockSize
        let start = offset - number * Self.blockSize
        let block = try self.block(number, of: file, covering: start)
        let stop = min(block.count, start + (end - offset))
        if start < stop, let newline = block[start..<stop].firstIndex(of: UInt8(ascii: "\n")) {
            return Array(block[start..<newline])
        }
        if stop < block.count || block.count < Self.blockSize { return nil }
        var count = min(1 << 12, end - offset)
        while count > 0 {
            let bytes = try read(file, at: offset, count: count)
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) { return Array(bytes[..<newline]) }
            if offset + bytes.count >= end || bytes.count < count { return nil }
            count = min(count * 4, end - offset)
        }
        return nil
    }

    /// Forgets every block of `file` (its index was removed, or it was closed).
    func forget(_ file: JournalReadFile) {
        state.withLock { state in
            for key in state.blocks.keys where key.file == file.key {
                state.bytes -= state.blocks.removeValue(forKey: key)!.bytes.count
            }
        }
    }

    /// The block, from the cache if it holds one long enough to cover `offset`, else read.
    private func block(_ number: Int, of file: JournalReadFile, covering offset: Int) throws(LogStoreError)
        -> [UInt8]
    {
        let key = Key(file: file.key, block: number)
        let cached: [UInt8]? = state.withLock { state in
            state.tick += 1
            guard var block = state.blocks[key], offset < block.bytes.count else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            block.lastUse = state.tick
            state.blocks[key] = block
            return block.bytes
        }
        if let cached { return cached }
        let bytes = try file.read(count: Self.blockSize, at: number * Self.blockSize)
        state.withLock { state in
            state.tick += 1
            if let old = state.blocks.removeValue(forKey: key) { state.bytes -= old.bytes.count }
            state.blocks[key] = Block(bytes: bytes, lastUse: state.tick)
            state.bytes += bytes.count
            while state.bytes > capacity, let oldest = state.blocks.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.bytes -= oldest.value.bytes.count
                state.blocks[oldest.key] = nil
            }
        }
        return bytes
    }
}

/// A journal file open for reading (a segment or an index file), shared by every reader.
///
/// `pread` needs no shared offset, so concurrent reads are safe; the descriptor is closed by
/// ``close()``, once no read can start (the storage is closed).
final class JournalReadFile: Sendable {
    /// The cache's name for the file: unique for the storage's lifetime.
    let key: Int
    let path: String
    private let descriptor: Int32

    init(key: Int, path: String) throws(LogStoreError) {
        let file = try JournalFile.open(path, .readOnly)
        self.key = key
        self.path = path
        self.descriptor = file.descriptor
    }

    func read(count: Int, at offset: Int) throws(LogStoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if read > 0 {
                done += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                throw .io(operation: "read", path: path, errno: errno)
            }
        }
        bytes.removeLast(count - done)
        return bytes
    }

    func close() {
        _ = Foundation.close(descriptor)
    }
}
