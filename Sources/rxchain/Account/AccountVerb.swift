import RxChainRemotes

/// One verb on an rxchain-server account (`rxchain account …`, `rxchain family …`), declared as
/// a value and run as a ``StoreVerb`` is: `prepare` reads the command line (a bad value is a
/// ``UsageError``, exit 2, before anything is sent), then the work it returns runs with a client
/// of `--server`, signed in as the session kept for `--user` (or the only session kept for the
/// server) unless it signs up or in, and its ``Answer`` is written: with `--json`, when the verb
/// declares it, the one JSON object. A refusal or an unreachable server is exit 1, the reason on
/// stderr.
struct AccountVerb: Command {
    let name: String
    let summary: String
    let signature: CommandSignature
    /// Whether the client acts as the session kept for `--server` and `--user`; else it has none
    /// (it signs up or in).
    let signedIn: Bool
    let prepare:
        @Sendable (ParsedArguments, CommandContext) throws ->
            @Sendable (ServerClient, ServerSessionStore) async throws
            -> Answer

    /// A verb of `--server URL` and `--user NAME`, then `options`.
    init(
        _ name: String, _ summary: String, signedIn: Bool = true, options: [CommandSignature.Option] = [],
        arguments: [CommandSignature.Argument] = [],
        prepare:
            @escaping @Sendable (ParsedArguments, CommandContext) throws ->
            @Sendable (
                ServerClient, ServerSessionStore
            ) async throws -> Answer
    ) {
        self.name = name
        self.summary = summary
        self.signature = CommandSignature(
            options: [AccountCommand.serverOption, AccountCommand.userOption] + options, arguments: arguments)
        self.signedIn = signedIn
        self.prepare = prepare
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let work = try prepare(arguments, context)
        let json = signature.option(named: "json") != nil && arguments.flag("json")
        let server = try AccountCommand.server(arguments)
        let user = try AccountCommand.user(arguments, required: !signedIn)
        let store = ServerSessionStore(environment: context.environment)
        do {
            let session = signedIn ? try store.session(server: server, user: user) : nil
            let client = try ServerClient(server: server, session: session, sessions: store)
            return try AsyncBridge.run {
                let answer = try await work(client, store)
                try answer.write(to: context.terminal, json: json)
                return answer.exitCode
            }
        } catch let error as ServerClientError {
            context.terminal.writeErrorLine("\(context.commandLine): \(error)")
            return .failure
        }
    }
}
