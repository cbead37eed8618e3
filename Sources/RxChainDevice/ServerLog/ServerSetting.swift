import Foundation
import RxChainRemotes

/// The server a server-log ``Device`` syncs with and the user it signs in as, remembered in the
/// store as `DIR/server.json` (`{"server":"http://127.0.0.1:8080","user":"alice"}`), so that
/// every later command starts from it.
public struct ServerSetting: Codable, Sendable, Equatable {
    /// The server's origin (`http://host:port`).
    public var server: String
    /// The account the device signs in as (its session comes from `rxchain account login`).
    public var user: String

    /// A setting for `server` (any URL on it: only its origin is kept) and `user`.
    ///
    /// - Throws: `ServerClientError/invalidServer(_:reason:)` or
    ///   `ServerClientError/invalidUser(_:reason:)`.
    public init(server: String, user: String) throws(ServerClientError) {
        self.server = try ServerClient.origin(of: server).origin
        try ServerSessionStore.validate(user: user)
        self.user = user
    }

    /// Where the setting lives in a store directory.
    static func path(in directory: URL) -> String {
        directory.appendingPathComponent("server.json").path
    }

    /// The setting saved in `directory` (a device's store), or `nil` when there is none: what a
    /// front end reads before opening the device, to know whose fold to open it with.
    ///
    /// - Throws: ``DeviceError/unreadableSetting(path:reason:)`` or ``DeviceError/io(operation:path:errno:)``.
    public static func saved(in directory: URL) throws(DeviceError) -> ServerSetting? {
        let path = path(in: directory)
        guard let data = try DeviceFile.contentsIfExists(path, operation: "read") else { return nil }
        do {
            return try JSONDecoder().decode(ServerSetting.self, from: data)
        } catch {
            throw .unreadableSetting(path: path, reason: "expected {\"server\":\"http://…\",\"user\":\"…\"}: \(error)")
        }
    }

    /// Saves the setting in `directory`, atomically and durably.
    func save(in directory: URL) throws(DeviceError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data()
        try DeviceFile.replaceAtomically(Self.path(in: directory), with: data, directory: directory.path)
    }
}
