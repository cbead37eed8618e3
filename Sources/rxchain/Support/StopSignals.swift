import Dispatch
import Foundation
import RxChainSystem

/// SIGINT and SIGTERM, turned into one call of `handler` (on a dispatch queue) instead of the
/// process's death, for as long as the value lives.
final class StopSignals: Sendable {
    private let sources: Lock<[any DispatchSourceSignal]>

    init(_ handler: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "rxchain.stop-signals")
        sources = Lock(
            [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler(handler: handler)
                source.resume()
                return source
            })
    }

    /// Stops listening and gives the signals their default actions back.
    func cancel() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
        }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
