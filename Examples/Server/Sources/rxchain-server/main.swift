import Foundation
import Hummingbird
import Logging
import RxChainServer

// rxchain-server: RxChainServer's `LogServer` behind Hummingbird 2. Every rule lives in
// RxChainServer (tested without HTTP); this file only parses the command line, opens the data
// directory, translates requests and responses, and shuts down gracefully.

signal(SIGPIPE, SIG_IGN)
LoggingSystem.bootstrap(StreamLogHandler.standardError)

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

let server: LogServer
do {
    server = try await LogServer.open(options: options, policy: ExampleServerRules.policy) { book in
        await ExampleServerRules.services(book: book, options: options)
    }
} catch {
    FileHandle.standardError.write(Data("rxchain-server: cannot open \(options.dataDirectory): \(error)\n".utf8))
    exit(1)
}

var logger = Logger(label: "rxchain-server")
logger.logLevel = .info
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
do {
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("rxchain-server: \(error)\n".utf8))
    await server.close()
    exit(1)
}
await server.close()
announce("rxchain-server stopped")
