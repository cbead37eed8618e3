import Foundation

/// `rxchain account token --server URL [--user NAME] [--rotate] [--json]`: prints the account's
/// API token, the secret a Toggl Track client sends as HTTP Basic `TOKEN:api_token`; `--rotate`
/// replaces it first (the old token stops working at once).
///
/// The only command that prints a secret, and only this one, because it is asked for: on
/// standard output, one line (or `{"user", "apiToken"}` with `--json`).
struct AccountTokenCommand: Command {
    let name = "token"
    let summary = "print the API token for Toggl-style clients (--rotate replaces it)"
    let signature = CommandSignature(
        options: [
            AccountCommand.serverOption, AccountCommand.userOption,
            .flag("rotate", help: "replace the token first: the old one stops working at once"),
            .flag("json", help: "print one JSON object: {user, apiToken}"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let rotate = arguments.flag("rotate")
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try AccountCommand.withClient(arguments, context: context, signedIn: true) { client, _ in
            let token = try await client.apiToken(rotate: rotate)
            if json {
                struct View: Encodable {
                    var user: String
                    var apiToken: String
                }
                try terminal.writeJSON(View(user: client.session?.user ?? "", apiToken: token))
            } else {
                try terminal.writeLine(token)
            }
            return .success
        }
    }
}
