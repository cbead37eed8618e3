/// A read of a queue log's bytes: the contents they replay to, the torn tail to cut, the lines to quarantine.
///
/// Only a last line without its newline is a torn write (the writer always ends a write
/// with a newline, so a crash can only leave a prefix of one): it is cut. Every other line
/// that does not check out or does not fit what came before it — the last one included —
/// is quarantined, never cut, because it was written whole and then damaged.
///
/// Pure: it changes no file. Recovery acts on it; read-only inspection only shows it.
struct QueueLogScan: Sendable {
    /// The torn last line: where it starts (the length to truncate to), its number and why.
    struct TornTail: Sendable, Equatable {
        var offset: Int
        var lineNumber: Int
        var reason: String
    }

    var contents = QueueContents()
    var tornTail: TornTail?
    var quarantine: [QuarantinedLine] = []
    /// Lines kept in the log (header included).
    var lineCount = 0
    /// Whether the log holds no header (empty, or only a torn first line).
    var needsHeader = true

    /// Reads `bytes` of the log at `path`. Throws only when the header is unreadable while
    /// lines follow it (the sequence high-water mark would be lost).
    init(bytes: [UInt8], path: String) throws(SyncQueueError) {
        var start = 0
        var lineNumber = 0
        while start < bytes.count {
            lineNumber += 1
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                tornTail = TornTail(
                    offset: start, lineNumber: lineNumber, reason: "no line break at the end (torn write)")
                return
            }
            let line = bytes[start..<newline]
            defer { start = newline + 1 }
            let entry: QueueLogEntry
            do {
                entry = try QueueLogEntry.decode(line)
            } catch {
                // A line that ends in its newline was written whole: if it does not check out,
                // it was damaged afterwards (or written by someone else), last line or not.
                guard lineNumber > 1 else { throw .corruptHeader(path: path, reason: error.description) }
                quarantine.append(
                    QuarantinedLine(lineNumber: lineNumber, reason: error.description, bytes: line))
                continue
            }
            if lineNumber == 1 {
                guard case .header(let version, let nextSeq, let deviceID) = entry else {
                    throw .corruptHeader(path: path, reason: "the first line is not a header")
                }
                guard version <= QueueLogEntry.newestVersion else {
                    throw .unsupportedVersion(path: path, version: version)
                }
                contents = QueueContents(nextSeq: nextSeq, deviceID: deviceID)
                needsHeader = false
                lineCount = 1
                continue
            }
            do {
                try contents.apply(entry, position: 0)
                lineCount += 1
            } catch {
                quarantine.append(
                    QuarantinedLine(lineNumber: lineNumber, reason: error.description, bytes: line))
            }
        }
    }
}
