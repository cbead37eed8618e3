import FuzzSupport
import Ledger
import LedgerScenarios
import RxChainJSON
import SharedExpensesScenarios
import TimeTrackingScenarios
import TodoListsScenarios

@testable import RxChainScenarios

// The scenario language (`ScenarioTokenizer`, `ScenarioParser` and each domain's
// `parseCommand`), read as `rxchain run` reads a file: lines from `NDJSONReader`, the domain its
// `domain NAME` line names (the ledger's when it names none).
// - Any bytes parse to a script or to errors, each naming a line of the file.
// - Printed and parsed again, a script is the same: its title, remote, devices and clock from
//   their declarations written back (`ScenarioPrinter`), its steps from the text the parser kept
//   of each (the normalized form it gives: the line, trimmed); the steps read as the same
//   actions, in the same order.

@main enum FuzzScenario {
    static func main() { runFuzzer(fuzzScenario) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var reader = NDJSONReader()
    var lines = reader.feed(fuzzBytes(data, size))
    if let last = reader.finish() { lines.append(last) }
    switch ScenarioParser<LedgerDomain>.declaredDomain(in: lines) {
    case TodoListsScenarios().name: checkReprint(lines, TodoListsScenarios())
    case SharedExpensesScenarios().name: checkReprint(lines, SharedExpensesScenarios())
    case TimeTrackingScenarios().name: checkReprint(lines, TimeTrackingScenarios())
    default: checkReprint(lines, LedgerDomain())
    }
    return 0
}

private func checkReprint<Domain: ScenarioVocabulary>(_ lines: [NDJSONLine], _ domain: Domain) {
    let script: ScenarioScript<Domain.Command>
    do {
        script = try ScenarioParser.parse(lines, file: "fuzz.scenario", domain: domain)
    } catch {
        check(!error.errors.isEmpty, "a script refused without an error")
        for error in error.errors {
            check(lines.contains { $0.number == error.location.line }, "an error names no line: \(error)")
        }
        return
    }
    let printed = ScenarioPrinter.print(script, domain: domain)
    var reader = NDJSONReader()
    var again = reader.feed(Array(printed.utf8))
    if let last = reader.finish() { again.append(last) }
    let reparsed: ScenarioScript<Domain.Command>
    do {
        reparsed = try ScenarioParser.parse(again, file: "fuzz.scenario", domain: domain)
    } catch {
        propertyFailed("the script printed as\n\(printed)\ndoes not parse: \(error.errors)")
    }
    check(reparsed.title == script.title, "reprinted, the title is \(String(describing: reparsed.title))")
    check(reparsed.remote == script.remote, "reprinted, the remote is \(reparsed.remote)")
    check(reparsed.clockStart == script.clockStart, "reprinted, the clock starts at \(reparsed.clockStart)")
    check(
        reparsed.devices.map(\.declared) == script.devices.map(\.declared),
        "reprinted, the devices are \(reparsed.devices)")
    check(reparsed.steps.count == script.steps.count, "reprinted, \(reparsed.steps.count) steps")
    for (step, again) in zip(script.steps, reparsed.steps) {
        check(
            again.text == step.text && canonical(again.action) == canonical(step.action),
            "the step \(String(reflecting: step.text)) reads as \(step.action), then as \(again.action)")
    }
}

/// A value's whole content as text, by reflection, with the entries of dictionaries and sets
/// sorted (their order is the hash table's, not the value's): the steps' actions are not
/// `Equatable`, but two equal actions print the same.
private func canonical(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return String(reflecting: value) }
    var parts = mirror.children.map { child in (child.label.map { $0 + ": " } ?? "") + canonical(child.value) }
    if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { parts.sort() }
    return "\(mirror.subjectType)(" + parts.joined(separator: ", ") + ")"
}

extension ScenarioScript.Device {
    /// What the declaration says (its line aside).
    fileprivate var declared: [String?] { [name, user, path] }
}
