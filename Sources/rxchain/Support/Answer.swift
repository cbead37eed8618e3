/// What a verb tells its user: lines for people, or the one JSON object `--json` asks for.
///
/// ``write(to:json:)`` escapes the control characters of every line (text from other devices
/// cannot drive the terminal) and writes the JSON object as one line, keys sorted, text as it is.
struct Answer {
    /// The lines for people, unescaped: one line each, no line breaks inside.
    var lines: [String]
    /// What `--json` prints; `nil` when the output is the same either way.
    var json: (any Encodable)?
    /// ``ExitCode/success`` unless the verb says otherwise (some of what was asked was refused).
    var exitCode: ExitCode

    init(_ lines: [String] = [], json: (any Encodable)? = nil, exitCode: ExitCode = .success) {
        self.lines = lines
        self.json = json
        self.exitCode = exitCode
    }

    /// Writes ``json`` when `json` is set and there is one, else ``lines``.
    func write(to terminal: Terminal, json asJSON: Bool) throws {
        if asJSON, let json {
            try terminal.writeJSON(json)
        } else {
            for line in lines { try terminal.writeLine(line.escapingControlCharacters) }
        }
    }
}
