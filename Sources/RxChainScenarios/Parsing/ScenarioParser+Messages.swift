import RxChainSystem

extension ScenarioParser {
    /// What follows `DEVICE:`: one of the domain's own steps, or a playbook line for the
    /// device to record, written `send {…}` or just `{…}` (read by the domain when it runs).
    package func message(_ rest: Substring) throws(ScenarioSyntaxError) -> ScenarioStep<Domain.Command>.DeviceMessage {
        let text = rest.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("{") || text.hasPrefix("send ") || text == "send" {
            guard domain.syncsThrough == .playbook else {
                throw ScenarioSyntaxError(
                    "a raw {…} action is a playbook line: send the \(domain.name) domain's own steps "
                        + "(\(domain.commandVerbs.joined(separator: ", ")))")
            }
        }
        if text.hasPrefix("{") { return .raw(text) }
        let words = try ScenarioTokenizer.words(Substring(text))
        guard let verb = words.first else {
            let example = domain.commandVerbs.first.map { "e.g. '\($0) …'" } ?? ""
            let raw = domain.syncsThrough == .playbook ? (example.isEmpty ? "'send {…}'" : " or 'send {…}'") : ""
            throw ScenarioSyntaxError("missing message after the device name (\(example)\(raw))")
        }
        if verb.is("send") {
            let line = text.dropFirst(4).trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("{") else { throw ScenarioSyntaxError("usage: send {…} (one playbook line)") }
            return .raw(line)
        }
        guard !verb.isQuoted, domain.commandVerbs.contains(verb.text) else {
            let verbs = domain.commandVerbs + (domain.syncsThrough == .playbook ? ["send"] : [])
            let hint = closestMatch(to: verb.text, among: verbs).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScenarioSyntaxError(
                "unknown message '\(verb.text)'\(hint); send \(verbs.joined(separator: ", "))"
                    + (domain.syncsThrough == .playbook ? " or a raw {…} action" : ""))
        }
        return .command(try domain.parseCommand(words))
    }
}
