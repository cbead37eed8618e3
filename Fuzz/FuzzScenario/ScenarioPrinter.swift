import RxChainJSON

@testable import RxChainScenarios

/// Writes a parsed script back as a script: its declarations from what the parser recorded,
/// then its steps as the parser kept their text.
enum ScenarioPrinter {
    static func print<Domain: ScenarioVocabulary>(_ script: ScenarioScript<Domain.Command>, domain: Domain) -> String {
        var lines: [String] = []
        if let title = script.title { lines.append("scenario \(quoted(title))") }
        lines.append("domain \(domain.name)")
        switch script.remote {
        case .directory(path: nil) where domain.syncsThrough == .server:
            break
        case .directory(let path):
            lines.append("remote directory" + (path.map { " " + quoted($0) } ?? ""))
        case .s3(let location, let endpoint):
            lines.append("remote s3 \(quoted(location))" + (endpoint.map { " endpoint \(quoted($0))" } ?? ""))
        }
        for device in script.devices {
            var line = "device \(device.name)"
            if let user = device.user { line += " user \(quoted(user))" }
            if let path = device.path { line += " at \(quoted(path))" }
            lines.append(line)
        }
        if script.clockStart != ScenarioClock.defaultStart, let start = Timestamp(utcSeconds: script.clockStart) {
            lines.append("clock \(start)")
        }
        lines += script.steps.map(\.text)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as one quoted word of the tokenizer: quotes, backslashes and every scalar but
    /// printable ASCII escaped (`\uXXXX`), so no character can join the quotes around it.
    /// Scalars above U+FFFF have no `\u` form in the script language and go as they are.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case " "..."~", "\u{10000}"...: quoted.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return quoted + "\""
    }
}
