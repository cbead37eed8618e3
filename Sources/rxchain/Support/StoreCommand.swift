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
    /// `--server URL --user NAME`, when given: both or neither (they are remembered together).
    static func setting(_ arguments: ParsedArguments) throws(UsageError) -> ServerSetting? {
        switch (arguments.value("server"), arguments.value("user")) {
        case (nil, nil): return nil
        case (let server?, let user?):
            do {
                return try ServerSetting(server: server, user: user)
            } catch {
                throw UsageError("options '--server' and '--user': \(error)")
            }
        case (nil, _): throw UsageError("option '--user' needs '--server URL' (they are remembered together)")
        case (_, nil): throw UsageError("option '--server' needs '--user NAME' (they are remembered together)")
        }
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
        let directory = try LedgerCommand.storeDirectory(arguments)
        let seconds = try LedgerCommand.waitSeconds(arguments)
        try LedgerCommand.checkStore(directory, mustExist: mustExist)
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
