import Foundation
import RxChainRemotes

/// `rxchain account …`: accounts and device sessions on an RxChain server (`rxchain-server`).
///
/// A session is kept per server and user under `RXCHAIN_HOME` (default `~/.rxchain`), in
/// `sessions/USER@SERVER.json`, mode 0600; every command that talks to that server uses it. A
/// password is read from standard input (`--password-stdin`, its first line) or from
/// `RXCHAIN_PASSWORD`, never from an argument; no password or token is ever printed, but for the
/// API token that `rxchain account token` is asked to print.
///
/// Exit codes: 0 done, 1 the server refused or could not be reached (the reason on stderr),
/// 2 bad usage.
enum AccountCommand {
    static let group = CommandGroup(
        name: "account", summary: "sign up, sign in and manage device sessions on an rxchain-server",
        discussion: """
            Sessions live in RXCHAIN_HOME/sessions/ (default ~/.rxchain), one file per server
            and user, readable only by you. Passwords come from --password-stdin or
            RXCHAIN_PASSWORD, never from the command line.
            """,
        subcommands: [signup, login, logout, devices, revoke, token])

    static let serverOption = CommandSignature.Option.value(
        "server", placeholder: "URL", help: "the server, http://HOST:PORT; required")
    static let userOption = CommandSignature.Option.value(
        "user", placeholder: "NAME", help: "the account's user name (letters, digits, '-', '_')")
    static let passwordOption = CommandSignature.Option.flag(
        "password-stdin", help: "read the password from the first line of standard input (else RXCHAIN_PASSWORD)")

    /// The server's origin from `--server`.
    static func server(_ arguments: ParsedArguments) throws -> String {
        guard let location = arguments.value("server") else { throw UsageError("option '--server URL' is required") }
        do {
            let parts = try ServerClient.origin(of: location)
            if !parts.path.isEmpty { throw UsageError("option '--server' expects http://HOST:PORT, without a path") }
            return parts.origin
        } catch let error as ServerClientError {
            throw UsageError("option '--server': \(error)")
        }
    }

    /// The user from `--user`, checked.
    static func user(_ arguments: ParsedArguments, required: Bool) throws -> String? {
        guard let user = arguments.value("user") else {
            if required { throw UsageError("option '--user NAME' is required") }
            return nil
        }
        do {
            try ServerSessionStore.validate(user: user)
        } catch {
            throw UsageError("option '--user': \(error)")
        }
        return user
    }

    /// The password from standard input's first line (`--password-stdin`) or `RXCHAIN_PASSWORD`.
    static func password(_ arguments: ParsedArguments, context: CommandContext) throws -> String {
        if arguments.flag("password-stdin") {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            var line = Array(data.prefix { $0 != UInt8(ascii: "\n") })
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard let password = String(validating: line, as: UTF8.self), !password.isEmpty else {
                throw UsageError(
                    "--password-stdin: the first line of standard input must be a non-empty UTF-8 password")
            }
            return password
        }
        guard let password = context.environment["RXCHAIN_PASSWORD"], !password.isEmpty else {
            throw UsageError("give the password with --password-stdin or RXCHAIN_PASSWORD")
        }
        return password
    }
}
