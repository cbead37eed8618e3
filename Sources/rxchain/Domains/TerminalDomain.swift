import Foundation
import RxChainLogs

/// A domain the terminal front end shows: its state for people; its JSON is the state's
/// `Codable` form (keys sorted). The generic commands (``ReplayCommand``) need nothing else.
protocol TerminalDomain: PlaybookDomain {
    /// The shape of the state's JSON object, for `--help` (`{"categories":[…],…}`).
    var jsonShape: String { get }
    /// The state for people, a line each (control characters escaped).
    func lines(_ state: State) -> [String]
}
