/// What a scenario script of one domain may say: the domain's name (`domain NAME`), its own
/// steps (`phone: add t1 12.5 food`) and where its devices sync.
///
/// Refined by ``ScenarioDomain`` (devices syncing through a playbook) and
/// `ServerScenarioDomain` (devices syncing through an RxChain server); the parser reads a
/// script for either.
public protocol ScenarioVocabulary: Sendable {
    /// One of the domain's own steps, as parsed; `Never` for a domain with none.
    associatedtype Command: Sendable = Never

    /// The name a script gives in `domain NAME`.
    var name: String { get }

    /// The first words of the domain's own steps (`add`, `edit`, `category`…).
    var commandVerbs: [String] { get }

    /// Reads `DEVICE: VERB …` (the words from the verb on) for a verb of ``commandVerbs``:
    /// called when the script is read, so a mistake is a script error before anything runs.
    func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> Command

    /// Where the domain's devices sync, which decides the steps a script may use.
    var syncsThrough: ScenarioSyncTarget { get }
}

/// Where a scenario's devices sync.
public enum ScenarioSyncTarget: Sendable {
    /// A shared playbook (a directory or S3): `remote`, `playbook`, `expect playbook …`,
    /// `fault conflict`, `DEVICE: send {…}`.
    case playbook
    /// An RxChain server in the same process: devices belong to users (`device NAME user USER`),
    /// `server restart`, `expect DEVICE == server`, `expect server log NAME == N`, `fault status N`.
    case server
}
