/// What one playbook line holds, as ``PlaybookReplay`` reads it before any bookkeeping.
enum ReadLine: Sendable {
    /// Only whitespace.
    case blank
    /// Not a valid action line.
    case invalid(LedgerActionError)
    /// An action, with its `actionId` when the line has one.
    case entry(PlaybookEntry)
}
