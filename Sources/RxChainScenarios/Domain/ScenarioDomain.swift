import RxChainCore
import RxChainDevice
import RxChainJSON

/// A domain that scripted scenarios can drive: a `DeviceDomain` and its step sugar.
///
/// Everything but the sugar is the engine's: devices, sync, offline and online, crashes,
/// remote faults, the virtual clock, expectations on paths, counts, equality with
/// `replay(playbook)` and time travel. A domain adds only its own steps
/// (`phone: add t1 12.5 food`), each a `Command` parsed when the script is read and turned
/// into a message when it runs. Every domain also gets, for free, `DEVICE: send {…}` (and
/// `DEVICE: {…}`): one playbook line, read by the domain's `PlaybookDomain.readLine(_:)`
/// and recorded.
///
/// ```swift
/// extension RegisterDomain: ScenarioDomain {
///     var commandVerbs: [String] { ["set"] }
///     func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> SetValue {
///         guard words.count == 3, let value = Int(words[2].text) else { throw ScenarioSyntaxError("usage: set KEY N") }
///         return SetValue(key: words[1].text, value: value)
///     }
///     func message(for command: SetValue, in state: RegisterScreen, now: Timestamp) throws(Rejection) -> RegisterMessage {
///         .set(command)
///     }
/// }
/// ```
public protocol ScenarioDomain: ScenarioVocabulary, DeviceDomain where AppState: Encodable {
    /// The message `command` sends, made when the step runs, from the device's state and the
    /// virtual clock's time (for changes written without an explicit time).
    ///
    /// - Throws: a `Rejection` when the command cannot be made into a message here
    ///   (it names the field): the device reports it as its error, like refused input.
    func message(for command: Command, in state: AppState, now: Timestamp) throws(Rejection) -> AppMessage

    /// The state as a scenario's paths read it. Defaults to the app state's JSON form.
    func scenarioValue(of state: AppState) throws -> ScenarioValue
}

extension ScenarioDomain {
    /// A playbook.
    public var syncsThrough: ScenarioSyncTarget { .playbook }

    public func scenarioValue(of state: AppState) throws -> ScenarioValue {
        try ScenarioValue(encoding: state)
    }
}

/// A domain without steps of its own: its scripts record actions with `DEVICE: send {…}` only.
///
/// ```swift
/// extension RegisterDomain: ScenarioDomain {}
/// ```
extension ScenarioDomain where Command == Never {
    /// None.
    public var commandVerbs: [String] { [] }

    /// Never called: the parser calls it only for a verb of ``commandVerbs``.
    public func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> Never {
        throw ScenarioSyntaxError("the \(name) domain has no steps of its own: use 'send {…}'")
    }

    /// Never called: there is no command.
    public func message(for command: Never, in state: AppState, now: Timestamp) throws(Rejection) -> AppMessage {}
}
