import RxChainRemotes

/// `rxchain account logout --server URL [--user NAME]`: ends this device's session on the
/// server and forgets it here.
///
/// The session is forgotten here even when the server cannot be reached (it then ends on its
/// own when the refresh token is never used again); exit 1 says the server was not told.
struct AccountLogoutCommand: Command {
    let name = "logout"
    let summary = "sign this device out and forget its session"
    let signature = CommandSignature(options: [AccountCommand.serverOption, AccountCommand.userOption])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let terminal = context.terminal
        let commandLine = context.commandLine
        return try AccountCommand.withClient(arguments, context: context, signedIn: true) { client, store in
            guard let session = client.session else { return .failure }
            var told = true
            do {
                try await client.signOut()
            } catch let error as ServerClientError {
                if case .notSignedIn = error {
                    // The server had ended it already: nothing left to tell it.
                } else {
                    terminal.writeErrorLine("\(commandLine): the server was not told: \(error)")
                    told = false
                }
            }
            try store.remove(server: session.server, user: session.user)
            try terminal.writeLine("signed out \(session.user) on \(session.server) (device \(session.device))")
            return told ? .success : .failure
        }
    }
}
