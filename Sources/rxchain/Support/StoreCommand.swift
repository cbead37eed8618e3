import Foundation
import RxChainDevice

/// What the store commands read from their command lines: `--store` and `--wait` (see
/// `StoreCommand+Directory.swift`), and the server and user of a store that syncs with an
/// rxchain-server. How a store is opened: ``DeviceCommandDomain/withDevice(_:context:remote:mustExist:_:)``.
enum StoreCommand {
    /// What `sync --remote` takes in a domain that syncs with an rxchain-server.
    static let serverRemoteHelp = """
        the rxchain-server to sync with, http://HOST:PORT, with --user NAME: the account the store \
        syncs as, signed in with 'rxchain account login' (both remembered in the store).
        """

    /// `--server URL --user NAME`, when given: both or neither (they are remembered together).
    static func serverRemote(_ arguments: ParsedArguments) throws(UsageError) -> RemoteArguments? {
        switch (arguments.value("server"), arguments.value("user")) {
        case (nil, nil): return nil
        case (let server?, let user?): return RemoteArguments(location: server, user: user)
        case (nil, _): throw UsageError("option '--user' needs '--server URL' (they are remembered together)")
        case (_, nil): throw UsageError("option '--server' needs '--user NAME' (they are remembered together)")
        }
    }

    /// The server and account `remote` names, for a domain that syncs with an rxchain-server.
    static func serverSetting(_ remote: RemoteArguments) throws(UsageError) -> ServerSetting {
        guard remote.endpoint == nil else {
            throw UsageError("option '--endpoint' applies only to an s3:// playbook, not to a server")
        }
        guard let user = remote.user else {
            throw UsageError("option '--remote' needs '--user NAME' (they are remembered together)")
        }
        do {
            return try ServerSetting(server: remote.location, user: user)
        } catch {
            throw UsageError("options '--remote' and '--user': \(error)")
        }
    }

    /// The server setting to open a store of a server domain with (`remote`'s, else none: the
    /// saved one is used) and the user it acts as (`remote`'s, else the saved one's).
    ///
    /// - Throws: ``CommandFailure`` when neither names a user (nothing is created), or the saved
    ///   setting cannot be read.
    static func serverUser(in directory: URL, remote: RemoteArguments?) throws -> (ServerSetting?, String) {
        let given = try remote.map(serverSetting)
        let saved: ServerSetting?
        do {
            saved = try ServerSetting.saved(in: directory)
        } catch {
            throw CommandFailure("\(error)")
        }
        guard let user = (given ?? saved)?.user else {
            throw CommandFailure(
                "the store \(directory.standardizedFileURL.path) has no remote yet: give one once with "
                    + "'--server URL --user NAME' (or 'sync --remote URL --user NAME')")
        }
        return (given, user)
    }
}
