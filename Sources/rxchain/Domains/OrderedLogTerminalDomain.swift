import RxChainJSON
import RxChainLogs

/// A domain whose entries the server orders (``OrderedLogDomain``), as the terminal reads it
/// from an NDJSON file: one entry per line, in any order, duplicates allowed.
///
/// ``OrderedLogFileReplay`` needs nothing else of a domain; each domain's `replay` command
/// prints the fold in its own shape.
protocol OrderedLogTerminalDomain: OrderedLogDomain {
    /// Why a line is not an entry of the domain, naming the field (`payload.amount`).
    associatedtype LineError: FieldError

    /// The domain's name in the terminal and in diagnostics (`expenses`).
    var name: String { get }

    /// Reads one line's text (without its `\n`, not blank, valid UTF-8) as an entry, or says
    /// which field is wrong.
    func readEntry(_ line: String) -> Result<Entry, LineError>
}
