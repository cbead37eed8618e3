import Foundation
import RxChainCore
import RxChainRemotes

/// What every device opens first in its store directory: the queue of its requests (one owner
/// at a time, across processes) and, for a device that talks to an RxChain server, the server
/// setting and a client signed in with the saved session.
enum StoreDirectory {
    /// `DIR/queue/`: the queue of the store in `directory`.
    static func queue(in directory: URL) -> URL {
        directory.appendingPathComponent("queue", isDirectory: true)
    }

    /// Opens `DIR/queue/` (created when missing).
    ///
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)`` when another process holds it
    ///   longer than `lockWait`; the queue's ``SyncQueueError``.
    static func openQueue(in directory: URL, lockWait: Duration) async throws -> SyncQueue {
        let queueDirectory = queue(in: directory)
        try FileManager.default.createDirectory(at: queueDirectory, withIntermediateDirectories: true)
        do {
            return try await SyncQueue.open(directory: queueDirectory, lockWait: lockWait)
        } catch SyncQueueError.inUse(_, let pid) {
            throw DeviceError.busy(
                store: directory.path, lock: queueDirectory.appendingPathComponent("lock").path, pid: pid,
                waited: lockWait)
        }
    }

    /// The server setting to use (`given`, saved when it differs from `DIR/server.json`, else the
    /// saved one) and a client of it signed in with the session `sessions` holds, sending through
    /// `connection` (HTTP when `nil`).
    ///
    /// - Throws: ``DeviceError`` for an unreadable or unwritable `server.json`;
    ///   ``ServerClientError`` for an unreadable session file.
    static func server(
        in directory: URL, given: ServerSetting?, sessions: ServerSessionStore?,
        connection: (any ServerConnection)? = nil
    ) throws -> (
        setting: ServerSetting?, client: ServerClient?
    ) {
        let saved = try ServerSetting.saved(in: directory)
        let setting = given ?? saved
        if let given, given != saved { try given.save(in: directory) }
        let client = try setting.map { setting in
            try ServerClient(
                server: setting.server, session: try sessions?.session(server: setting.server, user: setting.user),
                sessions: sessions, connection: connection)
        }
        return (setting, client)
    }
}
