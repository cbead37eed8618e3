import Dispatch
import Foundation
import Logging
import RxChainServer
import ServiceLifecycle
import Synchronization

/// SIGTERM and SIGINT for `rxchain-server`: the first starts a graceful shutdown (open long
/// polls are answered at once, then Hummingbird stops accepting and finishes in-flight requests;
/// `main` then syncs the journal and exits 0); a second exits at once with status 1. Both are
/// logged.
///
/// The handlers run on a dispatch queue, outside the main actor: nothing here touches
/// main-actor state.
final class ShutdownSignals: Sendable {
    private let server: LogServer
    private let group: ServiceGroup
    private let logger: Logger
    private let seen = Mutex(0)

    init(server: LogServer, group: ServiceGroup, logger: Logger) {
        self.server = server
        self.group = group
        self.logger = logger
    }

    /// Takes over SIGTERM and SIGINT; keep the sources for as long as the process runs.
    func install() -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in received(number) }
            source.resume()
            return source
        }
    }

    private func received(_ number: Int32) {
        let name = number == SIGTERM ? "SIGTERM" : "SIGINT"
        let count = seen.withLock { count in
            count += 1
            return count
        }
        if count > 1 {
            logger.warning("second signal: exiting at once", metadata: ["signal": "\(name)"])
            exit(1)
        }
        logger.notice(
            "shutting down: answering long polls, finishing in-flight requests", metadata: ["signal": "\(name)"])
        let (server, group) = (server, group)
        Task {
            await server.beginShutdown()
            await group.triggerGracefulShutdown()
        }
    }
}
