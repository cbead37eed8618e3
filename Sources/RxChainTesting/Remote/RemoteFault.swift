/// A failure a ``FaultInjectingRemote`` plays instead of (or before) one operation.
public enum RemoteFault: Sendable, Hashable, CustomStringConvertible {
    /// An append throws before anything is written.
    case failBeforeWrite
    /// An append commits on the wrapped remote, then throws as if its answer was lost.
    case commitThenFail
    /// An append reports `AppendOutcome.conflict(current:)` (with the wrapped
    /// remote's current revision) without writing.
    case conflict
    /// Any operation first sleeps this long on the remote's clock, then runs normally.
    case delay(Duration)
    /// A read (`PlaybookRemote.read(after:)` or
    /// `PlaybookRemote.currentRevision()`) throws without reading.
    case failRead

    /// Whether this fault is played on an operation of `kind`.
    func applies(to kind: RemoteOperation) -> Bool {
        switch self {
        case .failBeforeWrite, .commitThenFail, .conflict: kind == .append
        case .failRead: kind != .append
        case .delay: true
        }
    }

    public var description: String {
        switch self {
        case .failBeforeWrite: "fail before write"
        case .commitThenFail: "commit, then fail (the answer was lost)"
        case .conflict: "conflict"
        case .delay(let duration): "delay \(duration)"
        case .failRead: "fail read"
        }
    }
}
