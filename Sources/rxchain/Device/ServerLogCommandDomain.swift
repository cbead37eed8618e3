import Foundation
import RxChainDevice
import RxChainRemotes

/// A domain whose store is one user's device of an rxchain-server's logs (the TODO lists, the
/// shared expenses): it opens as the user the store names, and only its rules differ.
protocol ServerLogCommandDomain: DeviceCommandDomain where Replicated: ServerLogDomain {
    /// The domain's rules as `viewer` sees them.
    func rules(viewer: String) -> Replicated
}

extension ServerLogCommandDomain {
    var remoteHelp: String { StoreCommand.serverRemoteHelp }

    func checkRemote(_ remote: RemoteArguments, context: CommandContext) throws(UsageError) {
        _ = try StoreCommand.serverSetting(remote)
    }

    /// `--server URL --user NAME` (both or neither), when given: remembered by the store.
    func storeRemote(_ arguments: ParsedArguments) throws(UsageError) -> RemoteArguments? {
        let remote = try StoreCommand.serverRemote(arguments)
        if let remote { _ = try StoreCommand.serverSetting(remote) }
        return remote
    }

    /// Opens the store as the user of `remote` (or the one it remembers): the user is whose fold
    /// the device shows, so a store that names none is refused before anything is created.
    /// Problems found on opening are written to stderr as warnings.
    func open(directory: URL, remote: RemoteArguments?, lockWait: Duration, context: CommandContext) async throws
        -> Device<Replicated>
    {
        let (setting, user) = try StoreCommand.serverUser(in: directory, remote: remote)
        let device = try await Device.open(
            directory: directory, domain: rules(viewer: user), setting: setting,
            sessions: ServerSessionStore(environment: context.environment), retry: DeviceCommands.retry,
            lockWait: lockWait)
        for problem in device.problemsOnOpen {
            context.terminal.writeErrorLine("\(context.commandLine): warning: \(problem)".escapingControlCharacters)
        }
        return device
    }
}
