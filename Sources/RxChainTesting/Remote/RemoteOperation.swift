/// The operations of a ``RxChain/PlaybookRemote``, as ``FaultInjectingRemote`` counts them.
public enum RemoteOperation: Sendable, Hashable {
    /// ``RxChain/PlaybookRemote/currentRevision()``.
    case currentRevision
    /// ``RxChain/PlaybookRemote/read(after:)``.
    case read
    /// ``RxChain/PlaybookRemote/append(_:expecting:localCopy:)``.
    case append
}
