/// The answer to a conditional ``PlaybookRemote/append(_:expecting:localCopy:)``.
public enum AppendOutcome: Sendable, Hashable {
    /// The lines were written after every line of the expected revision, and the remote
    /// moved to `revision`; `cursor` is the position just after the appended lines
    /// (the end of the playbook at `revision`).
    case committed(revision: Revision, cursor: PlaybookCursor)
    /// Nothing was written: the remote is no longer at the expected revision but at
    /// `current`. Download what is new, then try again against `current`.
    case conflict(current: Revision)
}
