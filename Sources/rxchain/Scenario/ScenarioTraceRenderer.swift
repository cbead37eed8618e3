import RxChainScenarios

/// Prints a run's trace for people: each step with what it did and how the state changed,
/// a failed expectation with its expected and actual values and the differing paths, a
/// line per file and one for the run. Colour only where ``Terminal`` allows it.
struct ScenarioTraceRenderer {
    let terminal: Terminal

    func fileStarted(file: String, title: String?) throws {
        let title = title.map { " - \($0)" } ?? ""
        try terminal.writeLine(terminal.styled("== \(file)\(title)".escapingControlCharacters, .bold))
    }

    func step(_ event: ScenarioEvent) throws {
        let line = event.line.map { String($0).leftPadded(to: 4) } ?? "    "
        let mark: String
        switch event.status {
        case .ok: mark = terminal.styled("ok  ", .green)
        case .note: mark = terminal.styled("note", .yellow)
        case .failed: mark = terminal.styled("FAIL", .red)
        case .error: mark = terminal.styled("ERR ", .red)
        case .skipped: mark = terminal.styled("skip", .yellow)
        }
        try terminal.writeLine("\(line) \(mark) \(event.step.escapingControlCharacters)")
        let indent = "          "
        if event.status == .failed {
            try terminal.writeLine(indent + "expected: " + (event.expected ?? "").escapingControlCharacters)
            try terminal.writeLine(indent + "actual:   " + (event.actual ?? "").escapingControlCharacters)
            if !event.diff.isEmpty {
                try terminal.writeLine(indent + "diff:")
                for difference in event.diff {
                    try terminal.writeLine(indent + "  " + difference.escapingControlCharacters)
                }
            }
        } else {
            for detail in event.detail where detail != "applied" {
                let text = detail.escapingControlCharacters
                try terminal.writeLine(indent + (event.status == .ok ? terminal.styled(text, .dim) : text))
            }
        }
        for change in event.changes {
            try terminal.writeLine(indent + terminal.styled(change.escapingControlCharacters, .cyan))
        }
    }

    func fileFinished(_ result: ScenarioFileResult) throws {
        let counts =
            "\(result.steps) steps, \(result.expectationsPassed) expectations held, "
            + "\(result.expectationsFailed) failed"
        let text: String
        let reason = result.reason?.escapingControlCharacters
        let file = result.file.escapingControlCharacters
        switch result.outcome {
        case .passed: text = terminal.styled("PASSED", .green) + " \(file): \(counts)"
        case .failed:
            text = terminal.styled("FAILED", .red) + " \(file): \(counts)" + (reason.map { "; \($0)" } ?? "")
        case .error: text = terminal.styled("ERROR", .red) + " \(file): \(reason ?? "script error")"
        case .skipped: text = terminal.styled("SKIPPED", .yellow) + " \(file): \(reason ?? "")"
        }
        try terminal.writeLine(text)
        try terminal.writeLine("")
    }

    func summary(_ summary: ScenarioSummary) throws {
        let style: Terminal.Style = summary.exitStatus == 0 ? .green : .red
        try terminal.writeLine(
            terminal.styled(
                "\(summary.files) scenario files: \(summary.passed) passed, \(summary.failed) failed, "
                    + "\(summary.errors) with script errors, \(summary.skipped) skipped "
                    + "(\(summary.expectationsPassed) expectations held, \(summary.expectationsFailed) failed)",
                style))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
