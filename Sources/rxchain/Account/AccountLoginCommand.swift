import Foundation

/// `rxchain account login --server URL --user NAME [--device NAME] (--password-stdin |
/// RXCHAIN_PASSWORD)`: signs this device in and keeps the session under `RXCHAIN_HOME`.
///
/// Signing in again with the same device name replaces that device's session on the server;
/// other devices stay signed in.
struct AccountLoginCommand: Command {
    let name = "login"
    let summary = "sign this device in and keep its session"
    let signature = CommandSignature(
        options: [
            AccountCommand.serverOption, AccountCommand.userOption, AccountCommand.passwordOption,
            .value("device", placeholder: "NAME", help: "this device's name on the server (default: the host name)"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let password = try AccountCommand.password(arguments, context: context)
        let user = try AccountCommand.user(arguments, required: true)!
        let device = arguments.value("device") ?? ProcessInfo.processInfo.hostName
        if device.isEmpty { throw UsageError("option '--device' must not be empty") }
        let terminal = context.terminal
        return try AccountCommand.withClient(arguments, context: context, signedIn: false) { client, store in
            let session = try await client.signIn(user: user, password: password, device: device)
            try terminal.writeLine("signed in as \(session.user) on \(session.server) (device \(session.device))")
            try terminal.writeLine("session kept in \(try store.file(server: session.server, user: session.user).path)")
            return .success
        }
    }
}
