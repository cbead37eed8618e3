import Foundation
import RxChainCore
import RxChainDevice

/// How every store command runs: it checks `--store`, opens the device (waiting `--wait`
/// seconds for another process), runs its work, and closes the device whatever happens.
///
/// A command that records a change, or that is given what a new store needs (`--remote`,
/// `--server`), creates a store that does not exist yet. Any other (`list`, `status`, a `sync`
/// with nothing to sync with) refuses it with `no store at 'DIR'` and creates nothing: a
/// mistyped `--store` must never show an empty store as if it were the one meant.
///
/// A ``Rejection`` thrown by the work (a change the rules turn down, an invalid field) is
/// reported as `rejected: …` with exit 1.
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

    /// Opens the store of `--store` with `open`, runs `work` on the device, closes it with `close`.
    ///
    /// - Parameter mustExist: whether a store that does not exist is refused (exit 1, nothing
    ///   created) instead of created.
    static func run<Device: Sendable>(
        _ arguments: ParsedArguments, context: CommandContext, mustExist: Bool = false,
        open: @escaping @Sendable (_ directory: URL, _ lockWait: Duration) async throws -> Device,
        close: @escaping @Sendable (Device) async -> Void,
        _ work: @escaping @Sendable (Device) async throws -> ExitCode
    ) throws -> ExitCode {
        let directory = try StoreCommand.storeDirectory(arguments)
        let seconds = try StoreCommand.waitSeconds(arguments)
        try StoreCommand.checkStore(directory, mustExist: mustExist)
        do {
            return try AsyncBridge.run {
                let device = try await open(directory, .milliseconds(Int64(seconds * 1000)))
                do {
                    let code = try await work(device)
                    await close(device)
                    return code
                } catch {
                    await close(device)
                    throw error
                }
            }
        } catch let rejection as Rejection {
            context.terminal.writeErrorLine("\(context.commandLine): rejected: \(rejection)")
            return .failure
        }
    }
}
