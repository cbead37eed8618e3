/// What ``PlaybookReplay``'s in-order bookkeeping needs to know about one line.
///
/// A parallel batch sends only this through its in-order pass; the transaction actions go
/// straight from the parsing threads to their part's editing thread.
enum LineSummary: Sendable {
    case blank
    case invalid(LedgerActionError)
    /// An action line: its `actionId`, why the action is invalid if it is, and the action
    /// itself when it is a category action (the in-order pass applies those).
    case action(ActionID?, invalid: LedgerActionError?, category: LedgerAction?)

    init(_ read: ReadLine) {
        switch read {
        case .blank: self = .blank
        case .invalid(let error): self = .invalid(error)
        case .entry(let entry):
            let action = entry.action
            self = .action(
                entry.actionId, invalid: action.validationError,
                category: action.transactionID == nil ? action : nil)
        }
    }
}
