/// What `sync` was given to sync with: `--remote URL` (or its spelling `--server URL`), `--user
/// NAME` and, for S3, `--endpoint URL`; each domain checks what it can use
/// (``DeviceCommandDomain/checkRemote(_:context:)``).
struct RemoteArguments: Sendable, Equatable {
    /// Where to sync: a playbook's location, or a server's URL.
    var location: String
    /// Who signs in, when the remote has accounts.
    var user: String?
    /// The S3 service of an `s3://` location.
    var endpoint: String?

    /// The options every domain's `sync` declares.
    static let options: [CommandSignature.Option] = [
        .value("remote", placeholder: "URL", help: "where the store syncs (remembered in the store); see below"),
        .value("server", placeholder: "URL", help: "the same as --remote (an rxchain-server, http://HOST:PORT)"),
        .value("user", placeholder: "NAME", help: "the account the store syncs as (remembered with the remote)"),
        .value(
            "endpoint", placeholder: "URL",
            help: "with an s3:// remote: the S3 service, e.g. http://127.0.0.1:9000 (default: AWS in AWS_REGION)"),
    ]

    /// The remote the command line names, or `nil` when it names none.
    ///
    /// - Throws: ``UsageError`` for `--remote` and `--server` together, or `--user` or
    ///   `--endpoint` without a remote.
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> RemoteArguments? {
        let location: String?
        switch (arguments.value("remote"), arguments.value("server")) {
        case (let remote?, nil): location = remote
        case (nil, let server?): location = server
        case (nil, nil): location = nil
        case (_?, _?): throw UsageError("options '--remote' and '--server' name the same thing: give one")
        }
        guard let location else {
            if arguments.value("endpoint") != nil { throw UsageError("option '--endpoint' needs '--remote URL'") }
            if arguments.value("user") != nil { throw UsageError("option '--user' needs '--remote URL'") }
            return nil
        }
        return RemoteArguments(location: location, user: arguments.value("user"), endpoint: arguments.value("endpoint"))
    }
}
