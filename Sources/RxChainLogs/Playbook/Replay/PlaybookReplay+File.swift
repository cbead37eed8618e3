import Foundation

extension PlaybookReplay {
    /// Replays `domain`'s playbook file from its first line, reading it in chunks.
    ///
    /// - Throws: the file system's error when the file cannot be opened or read; bad lines
    ///   never throw (see ``diagnostics``).
    @inlinable public static func replay(
        contentsOf url: URL, domain: Domain, upto: Int? = nil, chunkSize: Int = 4 << 20
    ) throws -> PlaybookReplay {
        var replay = PlaybookReplay(domain: domain, upto: upto)
        try replay.continueReading(contentsOf: url, chunkSize: chunkSize)
        return replay
    }

    /// Replays a whole playbook held in memory.
    @inlinable public static func replay(_ data: Data, domain: Domain, upto: Int? = nil) -> PlaybookReplay {
        var replay = PlaybookReplay(domain: domain, upto: upto)
        replay.feed(data)
        return replay
    }

    /// Reads the file from ``consumedBytes`` to its end, applying only the lines not read yet
    /// (a pending torn line is read again from the file).
    @inlinable public mutating func continueReading(contentsOf url: URL, chunkSize: Int = 4 << 20) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(consumedBytes))
        var first = true
        while !reachedLimit {
            guard let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty else { break }
            if first {
                feed(chunk, startingAt: consumedBytes)
                first = false
            } else {
                feed(chunk)
            }
        }
    }
}
