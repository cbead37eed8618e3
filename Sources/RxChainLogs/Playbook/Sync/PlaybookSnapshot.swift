/// A device's view of the shared playbook: where it is, how far the device has read it,
/// and the replicated state those lines build.
///
/// Saved in the device's local file (see ``PlaybookTransport``) so that opening a device
/// costs the size of its state, not the length of the playbook. `revision`, `cursor`,
/// `lineCount`, `actionIDs` and `state` always describe the same prefix of the
/// playbook: the engine replaces them together or not at all.
package struct PlaybookSnapshot<State: Codable & Equatable & Sendable>: Equatable, Sendable {
    /// The remote's ``PlaybookRemote/location``; a different one makes the rest meaningless.
    package var location: String
    /// The domain's ``PlaybookDomain/reducerVersion`` that built `state`.
    package var reducerVersion: Int
    /// The revision the lines read so far end at (``Revision/noPlaybook`` before the first read).
    package var revision: Revision
    /// Where the next read starts (`nil`: from the first line).
    package var cursor: PlaybookCursor?
    /// Complete lines read so far.
    package var lineCount: Int
    /// Every actionId the lines read so far claim, with the digest of the claiming line.
    package var actionIDs: ActionIDIndex
    /// The replicated state built from the first `lineCount` lines.
    package var state: State

    /// A snapshot of nothing read yet from the playbook at `location`.
    package init(location: String, reducerVersion: Int, emptyState: State) {
        self.location = location
        self.reducerVersion = reducerVersion
        self.revision = .noPlaybook
        self.cursor = nil
        self.lineCount = 0
        self.actionIDs = ActionIDIndex()
        self.state = emptyState
    }

    /// Whether the playbook has been read from its start (a fresh or reset snapshot has not).
    package var hasRead: Bool { cursor != nil }
}
