/// What one playbook line holds, as ``PlaybookReplay`` reads it before any bookkeeping.
@usableFromInline enum ReadLine<Action: Sendable, LineError: Error & Sendable>: Sendable {
    /// Only whitespace.
    case blank
    /// Not a valid line of the domain.
    case invalid(LineError)
    /// An action, with its `actionId` when the line has one.
    case entry(PlaybookEntry<Action>)
}
