import Dispatch
import Foundation
import RxChainJSON
import RxChainSystem

/// A device's copy of the entries the server confirmed, and how far it has read, so that a
/// device opens without the network and asks the server only for what is new.
///
/// ```
/// DIR/logs/entries.ndjson   confirmed records, one checksummed JSON line each (appended, fsynced)
/// DIR/logs/cursor.json      {"feed":TS,"logs":{"lists/L1/actions":SEQ}}, replaced atomically
/// DIR/logs/quarantine/      damaged lines, copied aside
/// ```
///
/// - **Order**: records are written and `fsync`ed before the cursors that cover them are saved,
///   so a cursor never points past a record the file lacks; a crash in between only makes the
///   next sync fetch records again (the fold recognises their ids).
/// - **A failed write or `fsync`** is final for this open: later saves throw, nothing is trusted
///   that the failed `fsync` covered (the append's bytes are cut off again, so that no later open
///   reads them from the page cache); reopening reads what is really on disk.
/// - **Lines read at open** may be a killed process's, written without their `fsync`: before
///   the device relies on one (a cursor saved past it, an answer not written again because the
///   copy holds it), the file is `fsync`ed, once per open unless a save did it already.
/// - **Recovery**: a last line without its newline (a write a crash cut) is cut. A damaged line
///   anywhere else is copied to `quarantine/`, reported, and left out, and the cursors are
///   forgotten: the next sync reads every entry again from the server, which holds them all.
///
/// Every file operation runs on the cache's own serial queue, never on the concurrency pool.
final class ServerLogCache: Sendable {
    /// How far the device has read: the feed's cursor, and per log read from its start, its `seq`.
    struct Cursors: Codable, Equatable, Sendable {
        var feed: UInt64?
        var logs: [String: UInt64] = [:]
    }

    /// What opening found.
    struct Opened: Sendable {
        var cache: ServerLogCache
        var records: [ServerLogRecord]
        /// Damaged lines, each with where its copy went.
        var damaged: [String]
    }

    let directory: String
    private var entriesPath: String { directory + "/entries.ndjson" }
    private var cursorPath: String { directory + "/cursor.json" }
    private let queue = DispatchQueue(label: "rxchain.serverlog.cache")
    private let state: Lock<State>

    private struct State {
        var cursors: Cursors
        /// The failure that ended writing, if one did.
        var failure: DeviceError?
        /// Whether an `fsync` of `entries.ndjson` succeeded since the open.
        var isFlushed = false
    }

    private init(directory: String, cursors: Cursors) {
        self.directory = directory
        state = Lock(State(cursors: cursors))
    }

    /// The cursors saved last.
    var cursors: Cursors { state.withLock { $0.cursors } }

    /// The feed cursor saved in `directory`, read without the store's lock (the file is replaced
    /// atomically): what a watcher that does not hold the store polls after.
    static func savedFeedCursor(directory: String) async throws -> UInt64? {
        try await DispatchQueue(label: "rxchain.serverlog.cache.cursor").performBlocking {
            guard let saved = try DeviceFile.contentsIfExists(directory + "/cursor.json", operation: "read") else {
                return nil
            }
            return (try? JSONDecoder().decode(Cursors.self, from: saved))?.feed
        }
    }

    /// Opens (creating) the cache in `directory` and reads it back.
    static func open(directory: String) async throws -> Opened {
        try await DispatchQueue(label: "rxchain.serverlog.cache.open").performBlocking {
            try recover(directory: directory)
        }
    }

    private static func recover(directory: String) throws(DeviceError) -> Opened {
        try DeviceFile.makeDirectories(directory)
        let entriesPath = directory + "/entries.ndjson"
        let bytes = try DeviceFile.readAllIfExists(entriesPath) ?? []
        var records: [ServerLogRecord] = []
        var damaged: [String] = []
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                // A write the crash cut: it was never covered by a saved cursor.
                let file = try DeviceFile.open(entriesPath, .writeOnly)
                defer { file.close() }
                try file.truncate(to: start)
                try file.sync()
                break
            }
            let line = bytes[start..<newline]
            do {
                records.append(try decode(line))
            } catch {
                let copy = directory + "/quarantine/entries-\(start)"
                try DeviceFile.makeDirectories(directory + "/quarantine")
                try DeviceFile.replaceAtomically(copy, with: Data(line), directory: directory + "/quarantine")
                damaged.append("\(entriesPath) at byte \(start): \(error) (copied to \(copy))")
            }
            start = newline + 1
        }
        var cursors = Cursors()
        if damaged.isEmpty,
            let saved = try DeviceFile.contentsIfExists(directory + "/cursor.json", operation: "read")
        {
            // An unreadable cursor file only costs a full read from the server.
            cursors = (try? JSONDecoder().decode(Cursors.self, from: saved)) ?? Cursors()
        }
        return Opened(cache: ServerLogCache(directory: directory, cursors: cursors), records: records, damaged: damaged)
    }

    /// Appends `records` (confirmed ones) durably, then saves `cursors` over the old ones.
    ///
    /// - Throws: ``DeviceError/io(operation:path:errno:)``; after a failure every later
    ///   call throws it again.
    func save(_ records: [ServerLogRecord], cursors: Cursors) async throws {
        try await queue.performBlocking { try self.saveBlocking(records, cursors: cursors) }
    }

    private func saveBlocking(_ records: [ServerLogRecord], cursors: Cursors) throws(DeviceError) {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        do throws(DeviceError) {
            if !records.isEmpty {
                var buffer: [UInt8] = []
                for record in records { Self.encode(record, into: &buffer) }
                let file = try DeviceFile.open(entriesPath, .writeOnly, [.create, .append])
                defer { file.close() }
                var landed: DeviceFile.Placement?
                do throws(DeviceError) {
                    try file.append(Data(buffer), landed: &landed)
                    try file.sync()
                } catch {
                    // Best effort: the bytes whose durability is unknown are not read back. Only
                    // this call's own bytes are cut, and only while nothing follows them.
                    if let landed, landed.isContiguous, (try? file.size()) == landed.end {
                        try? file.truncate(to: landed.start)
                    }
                    throw error
                }
                state.withLock { $0.isFlushed = true }
            }
            if cursors != state.withLock({ $0.cursors }) {
                try flushBlocking()
                let json = try? JSONEncoder().encode(cursors)
                try DeviceFile.replaceAtomically(cursorPath, with: json ?? Data("{}".utf8), directory: directory)
                state.withLock { $0.cursors = cursors }
            }
        } catch {
            state.withLock { $0.failure = error }
            throw error
        }
    }

    /// Makes every line of `entries.ndjson` durable before the device relies on one it read at
    /// open: an `fsync`, unless one succeeded since the open.
    ///
    /// - Throws: ``DeviceError/io(operation:path:errno:)``; a failure is final, as a
    ///   save's is.
    func makeDurable() async throws {
        try await queue.performBlocking {
            if let failure = self.state.withLock({ $0.failure }) { throw failure }
            do throws(DeviceError) {
                try self.flushBlocking()
            } catch {
                self.state.withLock { $0.failure = error }
                throw error
            }
        }
    }

    private func flushBlocking() throws(DeviceError) {
        if state.withLock({ $0.isFlushed }) { return }
        if let file = try DeviceFile.openIfExists(entriesPath, .readOnly) {
            defer { file.close() }
            try file.sync()
        }
        state.withLock { $0.isFlushed = true }
    }

    /// Appends one record's checksummed line to `buffer`.
    static func encode(_ record: ServerLogRecord, into buffer: inout [UInt8]) {
        let start = ChecksummedLine.begin(in: &buffer)
        var object = JSONObjectWriter()
        object.member("log", record.log)
        object.member("id", record.id)
        object.member("creator", record.creator)
        object.member("seq", record.seq ?? 0)
        object.member("ts", record.ts ?? 0)
        object.member("body", json: record.body)
        buffer.append(contentsOf: object.finish())
        ChecksummedLine.finish(in: &buffer, from: start)
    }

    /// Reads one line (without its newline) back.
    static func decode(_ line: ArraySlice<UInt8>) throws -> ServerLogRecord {
        let json = try ChecksummedLine.json(of: line)
        let object = try JSONObjectReader(Array(json), field: "entry")
        return ServerLogRecord(
            log: try object.string("log"), id: try object.string("id"), creator: try object.string("creator"),
            body: try object.json("body"), seq: try object.count("seq"), ts: try object.count("ts"))
    }
}
