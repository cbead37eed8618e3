import Foundation
import Hummingbird
import Logging
import RxChainPostgres
import RxChainServer
import RxChainServerStorage
import ServiceLifecycle

// rxchain-server: RxChainServer's `LogServer` behind Hummingbird 2. Every rule lives in
// RxChainServer (tested without HTTP); this file only parses the command line, opens the data
// directory, translates requests and responses, logs, and shuts down gracefully.

signal(SIGPIPE, SIG_IGN)

/// Writes a line to standard output at once (a test or script waits for it on a pipe).
func announce(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let options: ServerOptions
do {
    switch try ServerOptions.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    {
    case .help:
        announce(ServerOptions.usage)
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    FileHandle.standardError.write(Data("rxchain-server: \(error)\n".utf8))
    exit(2)
}

let level = Logger.Level(rawValue: options.logLevel) ?? .info
LoggingSystem.bootstrap { label in LineLogHandler(label: label, format: options.logFormat, logLevel: level) }
let logger = Logger(label: "rxchain-server")

let server: LogServer
do {
    // The journal in DATA/logs, or a PostgreSQL database several instances share (the password
    // from PGPASSWORD, never from the command line).
    var storage: (any LogStorage)?
    if case .postgres(let url) = options.storage {
        storage = try await PostgresLogStorage.open(
            url: url, password: ProcessInfo.processInfo.environment["PGPASSWORD"], logger: logger)
    }
    server = try await LogServer.open(options: options, policy: ExampleServerRules.policy, storage: storage) { book in
        await ExampleServerRules.services(book: book, options: options)
    }
} catch {
    logger.critical(
        "cannot open the data directory", metadata: ["data": "\(options.dataDirectory)", "error": "\(error)"])
    exit(1)
}

let limit = server.configuration.maximumBodyBytes
let responder = CallbackResponder { (request: Request, context: ClientRequestContext) async -> Response in
    await HummingbirdBridge.respond(
        to: request, from: context.remoteAddress?.ipAddress, with: server, bodyLimit: limit, logger: logger)
}
let app = Application(
    responder: responder,
    configuration: .init(address: .hostname(options.host, port: options.port), serverName: "rxchain-server"),
    onServerRunning: { channel in
        let port = channel.localAddress?.port ?? options.port
        announce("rxchain-server listening on http://\(options.host):\(port) data \(options.dataDirectory)")
    },
    logger: logger
)
let group = ServiceGroup(
    configuration: .init(services: [.init(service: app)], gracefulShutdownSignals: [], logger: logger))

// SIGTERM or SIGINT: answer open long polls at once, then stop accepting and finish in-flight
// requests (Hummingbird's graceful shutdown), then sync the journal. A second signal exits at once.
let signalSources = ShutdownSignals(server: server, group: group, logger: logger).install()

do {
    try await group.run()
} catch {
    logger.error("server stopped on an error", metadata: ["error": "\(error)"])
    await server.close()
    exit(1)
}
await server.close()
logger.notice("stopped: journal synced")
announce("rxchain-server stopped")
withExtendedLifetime(signalSources) {}
