import Foundation
import RxChainLogs
import RxChainSystem
import Synchronization

/// The scenario's shared remote: any ``PlaybookRemote`` (a ``DirectoryRemote``, an
/// ``S3Remote`` or an ``S3SegmentedRemote``) that plays the faults the script injects
/// (`fault …`) on its next operations.
///
/// - `conflict`, `fail`, `lost response` apply to the next append; `fail read` to the next
///   read (or revision check); `delay` to the next operation of any kind (see
///   ``ScenarioFaultScript``).
/// - A delay does not sleep: it is recorded, and the runner moves the virtual clock by it.
///
/// (`RxChainTesting.FaultInjectingRemote` does the same for tests; the `rxchain`
/// executable does not link the test kit.)
///
/// > Important: Thread-safe: the script sits behind a `Lock`, never held across an `await`.
package final class ScenarioRemote: PlaybookRemote {
    package let inner: any PlaybookRemote
    private let script = Lock(ScenarioFaultScript())

    package init(_ inner: any PlaybookRemote) {
        self.inner = inner
    }

    package var location: String { inner.location }
    package var needsLocalCopy: Bool { inner.needsLocalCopy }

    /// Adds faults to the end of the script.
    package func inject(_ fault: ScenarioFault, times: Int) {
        script.withLock { $0.inject(fault, times: times) }
    }

    /// Arms `fault` for the next append, ahead of the script (`crash … during sync`).
    package func arm(_ fault: ScenarioFault) {
        script.withLock { $0.arm(fault) }
    }

    /// Disarms the armed fault; `true` when it was played.
    package func disarm() -> Bool {
        script.withLock { $0.disarm() }
    }

    /// The faults played since the last call, in order (and forgets them).
    package func takePlayedFaults() -> [ScenarioFault] {
        script.withLock { $0.takePlayed() }
    }

    /// The faults injected and not played yet.
    package var pendingFaults: [ScenarioFault] { script.withLock { $0.pending } }

    package func currentRevision() async throws -> Revision {
        if begin(.read) == .failRead { throw failure(.failRead) }
        return try await inner.currentRevision()
    }

    package func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk {
        if begin(.read) == .failRead { throw failure(.failRead) }
        return try await inner.read(after: cursor)
    }

    package func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome {
        switch begin(.write) {
        case .fail?:
            throw failure(.fail)
        case .conflict?:
            return .conflict(current: try await inner.currentRevision())
        case .lostResponse?:
            _ = try await inner.append(lines, expecting: revision, localCopy: localCopy)
            throw failure(.lostResponse)
        default:
            return try await inner.append(lines, expecting: revision, localCopy: localCopy)
        }
    }

    /// Takes the operation's fault; a delay is only recorded (the runner advances the clock).
    private func begin(_ operation: ScenarioFaultScript.Operation) -> ScenarioFault? {
        let fault = script.withLock { $0.take(for: operation) }
        if case .delay? = fault { return nil }
        return fault
    }

    private func failure(_ fault: ScenarioFault) -> PlaybookRemoteError {
        .unavailable(location: inner.location, reason: "injected fault: \(fault)")
    }
}
