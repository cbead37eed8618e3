import Foundation

/// A chunk of playbook lines on its way into a domain's state: what the engine hands to
/// ``PlaybookDomain/replay(_:into:)``.
///
/// Its contents belong to the engine (the lines, the actionIds claimed so far, and what the
/// replay found); a domain never builds or reads one. The requirement exists so that the
/// engine's generic code reaches a copy of replay specialised for the domain.
public struct PlaybookLineBatch: Sendable {
    /// Zero or more complete lines, exactly as the remote stores them.
    @usableFromInline package var lines: Data
    /// The actionIds the lines before claim; replay adds those of `lines`.
    @usableFromInline package var actionIDs: ActionIDIndex
    /// How many lines precede `lines`, for line numbers in diagnostics.
    @usableFromInline package var linesBefore: Int
    /// What replay did with `lines`, once it has run.
    @usableFromInline package var applied: PlaybookLinesApplied?

    /// A batch of `lines` that follow `linesBefore` lines whose actionIds `actionIDs` holds.
    package init(lines: Data, actionIDs: ActionIDIndex, linesBefore: Int) {
        self.lines = lines
        self.actionIDs = actionIDs
        self.linesBefore = linesBefore
    }
}
