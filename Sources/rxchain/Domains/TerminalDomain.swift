import Foundation
import RxChainLogs

/// A domain the terminal front end shows: how its state prints, as JSON and for people.
///
/// The generic commands (``ReplayCommand``) need nothing else of a domain.
protocol TerminalDomain: PlaybookDomain {
    /// The shape of ``json(_:)``'s object, for `--help` (`{"categories":[…],…}`).
    var jsonShape: String { get }
    /// The state as one line of JSON (keys sorted). Defaults to its `Codable` form.
    func json(_ state: State) throws -> String
    /// The state for people (control characters escaped). Defaults to its JSON.
    func text(_ state: State) -> String
}

extension TerminalDomain {
    func json(_ state: State) throws -> String {
        String(decoding: try Terminal.makeJSONEncoder().encode(state), as: UTF8.self)
    }

    func text(_ state: State) -> String {
        ((try? json(state)) ?? "").escapingControlCharacters
    }
}
