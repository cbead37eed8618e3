/// The operations of a `PlaybookRemote`, as ``FaultInjectingRemote`` counts them.
public enum RemoteOperation: Sendable, Hashable {
    /// `PlaybookRemote.currentRevision()`.
    case currentRevision
    /// `PlaybookRemote.read(after:)`.
    case read
    /// `PlaybookRemote.append(_:expecting:localCopy:)`.
    case append
}
