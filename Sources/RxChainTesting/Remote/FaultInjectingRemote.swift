import Foundation
import RxChainLogs
import RxChainSystem
import Synchronization

/// A `PlaybookRemote` that wraps another and fails on purpose, as scripted.
///
/// Script faults with ``inject(_:)-(RemoteFault...)``; each later operation takes the earliest scripted
/// fault that applies to it (see ``RemoteFault``) and otherwise passes straight through
/// to the wrapped remote. Failures throw
/// `PlaybookRemoteError.unavailable(location:reason:)`, the error a real
/// remote throws when it cannot be reached.
///
/// ```swift
/// let remote = FaultInjectingRemote(try DirectoryRemote(path), clock: clock)
/// remote.inject(.commitThenFail, .failRead)
/// // the next append commits, then throws; the next read throws
/// ```
///
/// > Important: Thread-safe: the script and the counts sit behind a `Lock` (a `Mutex` the thread sanitizer understands), which is
/// > never held across an `await` or a call into the wrapped remote. Delays sleep on
/// > the injected clock, so tests drive them with a manual clock instead of real time.
public final class FaultInjectingRemote<Inner: PlaybookRemote, C: Clock>: PlaybookRemote
where C.Duration == Duration {
    /// The remote that does the real work.
    public let inner: Inner
    private let clock: C
    private let script = Lock(FaultScript())

    /// Wraps `inner`; ``RemoteFault/delay(_:)`` sleeps on `clock`.
    public init(_ inner: Inner, clock: C) {
        self.inner = inner
        self.clock = clock
    }

    /// The wrapped remote's location.
    public var location: String { inner.location }
    /// The wrapped remote's answer.
    public var needsLocalCopy: Bool { inner.needsLocalCopy }

    /// Adds faults to the end of the script.
    public func inject(_ faults: RemoteFault...) {
        inject(faults)
    }

    /// Adds faults to the end of the script.
    public func inject(_ faults: [RemoteFault]) {
        script.withLock { $0.faultsScripted(faults) }
    }

    /// The faults not played yet, in order.
    public var pendingFaults: [RemoteFault] { script.withLock { $0.pending } }

    /// The faults played so far, in order.
    public var injectedFaults: [RemoteFault] { script.withLock { $0.injected } }

    /// How many operations of `kind` were called (with or without a fault).
    public func count(of kind: RemoteOperation) -> Int {
        script.withLock { $0.operations[kind, default: 0] }
    }

    public func currentRevision() async throws -> Revision {
        switch try await begin(.currentRevision) {
        case .failRead?: throw failure(.failRead)
        default: return try await inner.currentRevision()
        }
    }

    public func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk {
        switch try await begin(.read) {
        case .failRead?: throw failure(.failRead)
        default: return try await inner.read(after: cursor)
        }
    }

    public func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome {
        switch try await begin(.append) {
        case .failBeforeWrite?:
            throw failure(.failBeforeWrite)
        case .conflict?:
            return .conflict(current: try await inner.currentRevision())
        case .commitThenFail?:
            _ = try await inner.append(lines, expecting: revision, localCopy: localCopy)
            throw failure(.commitThenFail)
        default:
            return try await inner.append(lines, expecting: revision, localCopy: localCopy)
        }
    }

    /// Counts the operation, takes its fault and plays a delay; returns the fault left to play.
    private func begin(_ kind: RemoteOperation) async throws -> RemoteFault? {
        let fault = script.withLock { $0.operationStarted(kind) }
        if case .delay(let duration)? = fault {
            try await clock.sleep(for: duration)
            return nil
        }
        return fault
    }

    private func failure(_ fault: RemoteFault) -> PlaybookRemoteError {
        .unavailable(location: inner.location, reason: "injected fault: \(fault)")
    }
}

extension FaultInjectingRemote where C == ContinuousClock {
    /// Wraps `inner`; ``RemoteFault/delay(_:)`` sleeps in real time.
    public convenience init(_ inner: Inner) {
        self.init(inner, clock: ContinuousClock())
    }
}
