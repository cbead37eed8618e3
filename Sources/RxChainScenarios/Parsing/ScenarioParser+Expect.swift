extension ScenarioParser {
    /// What follows `expect`:
    ///
    /// ```
    /// expect SUBJECT PATH == VALUE        (also != < <= > >= contains; PATH exists; PATH missing)
    /// expect SUBJECT count PATH == N
    /// expect SUBJECT == OTHER             (replicated states equal; OTHER a device or playbook [upto N])
    /// expect DEVICE pending == N
    /// expect DEVICE dead letters == N
    /// expect DEVICE status == synced|pending|offline|failing
    /// expect DEVICE sync.PATH == VALUE    (the device's playbook sync status)
    /// expect DEVICE error contains TEXT   (the last error the device reported)
    /// expect DEVICE no error
    /// expect playbook lines == N
    /// expect playbook skipped == N
    /// expect DEVICE == server             (server domains: a fresh device of DEVICE's user, synced)
    /// expect server log NAME == N         (server domains: entries in the server's log NAME)
    /// ```
    /// SUBJECT is a device or `playbook [upto N]` (replay of the remote playbook).
    package func expectation(_ words: [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError) -> ScenarioExpectation {
        var rest = words[...]
        let subject = try subject(&rest)
        guard let first = rest.first else {
            throw ScenarioSyntaxError(
                "'expect \(subject)' says nothing to check (e.g. 'expect \(subject) count transactions == 2')")
        }
        let isDevice = subject.isDevice
        func deviceOnly(_ what: String) throws(ScenarioSyntaxError) {
            guard isDevice else { throw ScenarioSyntaxError("'\(what)' is checked on a device, not on \(subject)") }
        }
        func playbookOnly(_ what: String) throws(ScenarioSyntaxError) {
            guard case .playbook = subject else {
                throw ScenarioSyntaxError("'\(what)' is checked on the playbook, not on a device")
            }
        }
        let check: ScenarioExpectation.Check
        if subject == .server {
            guard first.is("log"), rest.count >= 3 else {
                throw ScenarioSyntaxError(
                    "the server is checked as 'expect server log NAME == N' or compared: 'expect DEVICE == server'")
            }
            let log = rest[rest.startIndex + 1].text
            return ScenarioExpectation(subject: subject, check: .serverLog(log, try comparison(rest.dropFirst(2))))
        }
        if !first.isQuoted, first.text == "==" {
            var other = rest.dropFirst()
            let compared = try self.subject(&other)
            guard compared != .server || isDevice else {
                throw ScenarioSyntaxError("'== server' compares a device with the server")
            }
            guard other.isEmpty else {
                throw ScenarioSyntaxError("unexpected '\(other.first!.text)' after \(compared)")
            }
            check = .sameState(as: compared)
        } else if first.is("count") {
            guard rest.count >= 2 else { throw ScenarioSyntaxError("usage: expect SUBJECT count PATH == N") }
            check = .count(try StatePath(parsing: rest[rest.startIndex + 1].text), try comparison(rest.dropFirst(2)))
        } else if first.is("pending") {
            try deviceOnly("pending")
            check = .pending(try comparison(rest.dropFirst()))
        } else if first.is("dead"), rest.count >= 2, rest[rest.startIndex + 1].is("letters") {
            try deviceOnly("dead letters")
            check = .deadLetters(try comparison(rest.dropFirst(2)))
        } else if first.is("status") {
            try deviceOnly("status")
            let status = try comparison(rest.dropFirst())
            let words = ScenarioDeviceStatus.allCases.map(\.rawValue)
            guard case .string(let word) = status.expected, words.contains(word) || status.op == .contains else {
                throw ScenarioSyntaxError("a status is one of \(words.joined(separator: ", "))")
            }
            check = .status(status)
        } else if first.is("error") {
            try deviceOnly("error")
            check = .error(try comparison(rest.dropFirst()))
        } else if first.is("no"), rest.count == 2, rest.last!.is("error") {
            try deviceOnly("no error")
            check = .noError
        } else if first.is("lines") {
            try playbookOnly("lines")
            check = .lines(try comparison(rest.dropFirst()))
        } else if first.is("skipped") {
            try playbookOnly("skipped")
            check = .skipped(try comparison(rest.dropFirst()))
        } else {
            let path = try StatePath(parsing: first.text)
            if isDevice, domain.syncsThrough == .playbook, path.segments.first == "sync" {
                check = .syncStatus(StatePath(Array(path.segments.dropFirst())), try comparison(rest.dropFirst()))
            } else {
                check = .value(path, try comparison(rest.dropFirst()))
            }
        }
        return ScenarioExpectation(subject: subject, check: check)
    }

    /// `playbook [upto N]` or a declared device, taken from the front of `words`.
    private func subject(_ words: inout ArraySlice<ScenarioTokenizer.Word>) throws(ScenarioSyntaxError)
        -> ScenarioExpectation.Subject
    {
        guard let word = words.popFirst() else {
            throw ScenarioSyntaxError("usage: expect DEVICE … | expect playbook [upto N] …")
        }
        if word.is("server"), domain.syncsThrough == .server { return .server }
        guard word.is("playbook") else { return .device(try declaredDevice(word.text)) }
        guard domain.syncsThrough == .playbook else {
            throw ScenarioSyntaxError("the \(domain.name) domain has no playbook: compare with 'server'")
        }
        guard words.first?.is("upto") == true else { return .playbook(upto: nil) }
        words.removeFirst()
        guard let count = words.popFirst(), let upto = Int(count.text), upto >= 0 else {
            throw ScenarioSyntaxError("'upto' takes a line count (a non-negative integer)")
        }
        return .playbook(upto: upto)
    }

    /// `== VALUE`, `contains VALUE`, `exists`, `missing`.
    private func comparison(_ words: ArraySlice<ScenarioTokenizer.Word>) throws(ScenarioSyntaxError)
        -> ScenarioComparison
    {
        let operators = ScenarioComparison.Operator.allCases.map(\.rawValue).joined(separator: " ")
        guard let word = words.first, !word.isQuoted, let op = ScenarioComparison.Operator(rawValue: word.text) else {
            let found = words.first.map { "'\($0.text)'" } ?? "nothing"
            throw ScenarioSyntaxError("expected an operator (\(operators)), found \(found)")
        }
        switch (op, words.count) {
        case (.exists, 1), (.missing, 1):
            return ScenarioComparison(op: op, expected: .null)
        case (.exists, _), (.missing, _):
            throw ScenarioSyntaxError("'\(op.rawValue)' takes no value")
        case (_, 2):
            return ScenarioComparison(op: op, expected: try Self.literal(words.last!))
        case (_, 1):
            throw ScenarioSyntaxError("'\(op.rawValue)' needs a value after it")
        default:
            throw ScenarioSyntaxError(
                "too many values after '\(op.rawValue)' (quote text with spaces: \"like this\")")
        }
    }

    /// A value: quoted text is a string; bare words are JSON (`12.5`, `true`, `null`,
    /// `["a","b"]`) when they parse as JSON, else a string (`food`).
    package static func literal(_ word: ScenarioTokenizer.Word) throws(ScenarioSyntaxError) -> ScenarioValue {
        if word.isQuoted { return .string(word.text) }
        if let value = try? ScenarioValue(parsingJSON: word.text) { return value }
        if word.text.hasPrefix("[") || word.text.hasPrefix("{") {
            throw ScenarioSyntaxError("'\(word.text)' is not valid JSON")
        }
        return .string(word.text)
    }
}
