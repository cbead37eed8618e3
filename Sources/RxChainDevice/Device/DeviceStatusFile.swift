import Foundation
import RxChainSystem

/// `DIR/status.json`: how the device's last sync or poll went, and when it saw each dead
/// letter, for ``DeviceStatus`` to read without the store's lock.
///
/// Written only by the open device (it holds the lock), replaced atomically (written, `fsync`ed,
/// renamed, directory `fsync`ed) by ``DeviceStatusRecorder`` on its queue; a reader
/// sees the old file or the new one.
struct DeviceStatusFile: Codable, Sendable, Equatable {
    /// When a sync or poll last succeeded.
    var lastSyncAt: Date?
    /// When the last failure was.
    var lastErrorAt: Date?
    /// The last failure, cleared by a later success.
    var lastError: String?
    /// Whether the last failure was not reaching the remote.
    var offline = false
    /// When the device saw each dead letter, by its queue number.
    var deadLetters: [String: Date] = [:]

    static func path(in directory: URL) -> String {
        directory.appendingPathComponent("status.json").path
    }

    /// The saved file, or an empty one when there is none (or it cannot be read: it only says how
    /// the last sync went, and the next one writes it anew).
    static func read(directory: URL) throws(DeviceError) -> DeviceStatusFile {
        guard let data = try DeviceFile.contentsIfExists(path(in: directory), operation: "read") else {
            return DeviceStatusFile()
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(DeviceStatusFile.self, from: data)) ?? DeviceStatusFile()
    }

    /// Replaces the file in `directory`, durably.
    ///
    /// > Important: Blocking file I/O: call it on a dispatch queue.
    func write(in directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(self)
        try DeviceFile.replaceAtomically(Self.path(in: directory), with: data, directory: directory.path)
    }
}
