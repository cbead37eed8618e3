import RxChainDevice

/// One of a domain's own verbs, declared as a value: what it accepts, how it reads its command
/// line, what it does on the store's device. A domain lists its verbs (``DeviceCommandDomain/verbs``)
/// and this runs each the same way:
///
/// 1. `prepare` reads the command line: a bad value it finds is a ``UsageError`` (exit 2) before
///    the store is opened, so it neither creates nor locks one;
/// 2. the ``StoreWork`` it returns runs on the device (``DeviceCommandDomain/withDevice(_:context:remote:mustExist:_:)``),
///    and its ``Answer`` is written before the store is closed: with `--json`, when the verb
///    declares it, the one JSON object; else the lines for people, escaped.
///
/// ```swift
/// static let delete = verb("delete", "delete a transaction", arguments: [.required("ID", help: "…")]) { arguments, _ in
///     let id = arguments.argument("ID")!
///     return StoreWork { device in
///         try await device.record(.deleteTransaction(id: id, deletedAt: .now()))
///         return Answer()
///     }
/// }
/// ```
struct StoreVerb<Domain: DeviceCommandDomain>: Command {
    let domain: Domain
    let name: String
    let summary: String
    let signature: CommandSignature
    let prepare: @Sendable (ParsedArguments, CommandContext) throws -> StoreWork<Domain.Replicated>

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let work = try prepare(arguments, context)
        let remote = try domain.storeRemote(arguments)
        let json = signature.option(named: "json") != nil && arguments.flag("json")
        return try domain.withDevice(arguments, context: context, remote: remote, mustExist: work.mustExist) { device in
            let answer = try await work.run(device)
            try answer.write(to: context.terminal, json: json)
            return answer.exitCode
        }
    }
}
