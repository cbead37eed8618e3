import Foundation
import RxChainDevice
import RxChainJSON
import RxChainSystem

/// Reads a scenario script (see `Examples/README.md` for the format) into a ``ScenarioScript``
/// of `Domain`.
///
/// Every line is checked before anything runs: an unknown command, a malformed line, a
/// device used before it is declared, a bad number, time or path is a
/// ``ScenarioScriptError`` naming the file, the line and what was wrong. All such errors
/// of a file are reported together. So is a script without any `expect` line (an empty file
/// included): it could never fail, and a run must not report it as passed.
public struct ScenarioParser<Domain: ScenarioVocabulary> {
    /// The commands a line may start with (besides `DEVICE:`).
    package static var commands: [String] {
        [
            "scenario", "domain", "remote", "device", "clock", "offline", "online", "sync", "advance", "crash",
            "fault", "playbook", "server", "expect",
        ]
    }
    /// The most times one `fault … xN` line may repeat its fault.
    package static var maximumFaultRepeats: Int { 1000 }
    /// Words that cannot name a device.
    package static var reservedNames: Set<String> { Set(commands).union(["all", "no"]) }

    package let file: String
    package let domain: Domain
    private(set) var script: ScenarioScript<Domain.Command>
    private(set) var errors: [ScenarioScriptError] = []
    private var sawStep = false

    package init(file: String, domain: Domain) {
        self.file = file
        self.domain = domain
        self.script = ScenarioScript(file: file)
    }

    /// Reads the script at `url` (LF or CRLF line ends; its last line counts without a newline:
    /// a script is complete) and parses it for `domain`, naming the file in errors by its last
    /// path component.
    ///
    /// ```swift
    /// let script = try ScenarioParser.parse(contentsOf: url, domain: LedgerDomain())
    /// ```
    ///
    /// > Important: Blocking file I/O: call it before the run, on the command's thread, never
    /// > from a task.
    ///
    /// - Throws: `NDJSONFileError` naming the path when the file cannot be read;
    ///   ``ScenarioScriptErrors`` (every error of the file, each at its line) when it does not
    ///   parse.
    public static func parse(contentsOf url: URL, domain: Domain) throws -> ScenarioScript<Domain.Command> {
        try parse(try lines(ofFile: url.path), file: url.lastPathComponent, domain: domain)
    }

    /// Parses `text`, the script of `file`, for `domain`: a script written inline (a test's).
    ///
    /// - Throws: ``ScenarioScriptErrors``, every error of the script, each at its line of `file`.
    public static func parse(_ text: String, file: String, domain: Domain) throws(ScenarioScriptErrors)
        -> ScenarioScript<Domain.Command>
    {
        var reader = NDJSONReader()
        var lines = reader.feed(Data(text.utf8))
        if let last = reader.finish() { lines.append(last) }
        return try parse(lines, file: file, domain: domain)
    }

    /// The lines of the script at `path`, as ``parse(contentsOf:domain:)`` reads them: its last
    /// line included without a newline.
    ///
    /// - Throws: `NDJSONFileError` naming the path.
    package static func lines(ofFile path: String) throws(NDJSONFileError) -> [NDJSONLine] {
        let read = try NDJSONReader.readFile(atPath: path)
        return read.lines + (read.tornLine.map { [$0] } ?? [])  // a script is complete: its last line counts
    }

    /// The domain a script names in its `domain NAME` line, if it has one: runners look here
    /// to pick the domain that parses the script.
    package static func declaredDomain(in lines: [NDJSONLine]) -> String? {
        for line in lines {
            guard let text = line.text?.trimmingCharacters(in: .whitespaces) else { continue }
            let words = text.split(separator: " ", omittingEmptySubsequences: true)
            if words.count == 2, words[0] == "domain" { return String(words[1]) }
        }
        return nil
    }

    /// Parses the lines of `file` for `domain`, as `NDJSONReader` read them (LF or
    /// CRLF; a last line without a newline included): a line that is not valid UTF-8 is a
    /// script error (`FILE:LINE: not valid UTF-8 (byte 0xFF at column 7)`).
    package static func parse(_ lines: [NDJSONLine], file: String, domain: Domain) throws(ScenarioScriptErrors)
        -> ScenarioScript<Domain.Command>
    {
        var parser = ScenarioParser(file: file, domain: domain)
        for line in lines {
            switch line.content {
            case .blank:
                continue
            case .text(let text):
                parser.parseLine(Substring(text), number: line.number)
            case .invalidUTF8(let error):
                parser.errors.append(
                    ScenarioScriptError(
                        location: ScenarioLocation(file: file, line: line.number), message: error.reason))
            }
        }
        if parser.errors.isEmpty, !parser.script.steps.contains(where: \.isExpectation) {
            parser.errors.append(
                ScenarioScriptError(
                    location: ScenarioLocation(file: file, line: max(1, lines.last?.number ?? 1)),
                    message: "the scenario checks nothing: add at least one 'expect' line"))
        }
        guard parser.errors.isEmpty else { throw ScenarioScriptErrors(errors: parser.errors) }
        return parser.script
    }

    package mutating func parseLine(_ raw: Substring, number: Int) {
        let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, !line.hasPrefix("#") else { return }
        let location = ScenarioLocation(file: file, line: number)
        do throws(ScenarioSyntaxError) {
            if let step = try parseStatement(Substring(line), location: location) {
                script.steps.append(ScenarioStep(location: location, text: line, action: step))
                sawStep = true
            }
        } catch {
            errors.append(ScenarioScriptError(location: location, message: error.message))
        }
    }

    /// A declaration (applied to the script, returns `nil`) or a step.
    private mutating func parseStatement(_ line: Substring, location: ScenarioLocation) throws(ScenarioSyntaxError)
        -> ScenarioStep<Domain.Command>.Action?
    {
        let words = try ScenarioTokenizer.words(line)
        let head = words[0]
        if !head.isQuoted, head.text.hasSuffix(":"), head.text.count > 1 {
            let device = try declaredDevice(String(head.text.dropLast()))
            let rest = line[line.index(line.startIndex, offsetBy: head.text.count)...]
            return .send(device: device, try message(rest))
        }
        let arguments = Array(words.dropFirst())
        switch head.text {
        case "scenario":
            guard arguments.count == 1 else { throw ScenarioSyntaxError("usage: scenario \"TITLE\"") }
            script.title = arguments[0].text
            return nil
        case "domain":
            guard arguments.count == 1 else { throw ScenarioSyntaxError("usage: domain NAME") }
            guard arguments[0].text == domain.name else {
                throw ScenarioSyntaxError("this script is for the \(arguments[0].text) domain, read as \(domain.name)")
            }
            return nil
        case "remote":
            try needsPlaybook("remote", instead: "its devices sync with the scenario's own server")
            try declareRemote(arguments)
            return nil
        case "device":
            try declareDevice(arguments, location: location)
            return nil
        case "clock":
            guard arguments.count == 1 else { throw ScenarioSyntaxError("usage: clock TIMESTAMP") }
            let time = try Self.timestamp(arguments[0].text)
            if sawStep { return .setClock(time) }
            script.clockStart = time.seconds
            return nil
        case "offline", "online":
            return .setOnline(devices: try devices(arguments, usage: "\(head.text) DEVICE…"), head.text == "online")
        case "sync":
            return .sync(devices: try devices(arguments, usage: "sync DEVICE…"))
        case "advance":
            guard arguments.count == 1 else { throw ScenarioSyntaxError("usage: advance DURATION (e.g. 5m)") }
            return .advance(seconds: try ScenarioDuration.seconds(parsing: arguments[0].text))
        case "crash":
            return try crash(arguments)
        case "fault":
            return try fault(arguments)
        case "playbook":
            try needsPlaybook("playbook", instead: "its entries live on the scenario's server")
            return try playbook(arguments, line: line)
        case "server":
            guard domain.syncsThrough == .server else {
                throw ScenarioSyntaxError("the \(domain.name) domain syncs through a playbook, not a server")
            }
            guard arguments.count == 1, arguments[0].is("restart") else {
                throw ScenarioSyntaxError("usage: server restart")
            }
            return .restartServer
        case "expect":
            return .expect(try expectation(arguments))
        default:
            let suggestion = closestMatch(to: head.text, among: Self.commands)
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            throw ScenarioSyntaxError(
                "unknown command '\(head.text)'\(hint); a line is a command (\(Self.commands.joined(separator: ", "))), "
                    + "'DEVICE: message', or a # comment")
        }
    }

    // MARK: Declarations

    private mutating func declareRemote(_ arguments: [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError) {
        guard !sawStep, script.devices.isEmpty else {
            throw ScenarioSyntaxError("'remote' must come before the devices and the first step")
        }
        switch arguments.first?.text {
        case "directory" where arguments.count <= 2:
            script.remote = .directory(path: arguments.count == 2 ? arguments[1].text : nil)
        case "s3" where arguments.count == 2 || (arguments.count == 4 && arguments[2].is("endpoint")):
            let location = arguments[1].text
            let endpoint = arguments.count == 4 ? arguments[3].text : nil
            guard location.hasPrefix("s3://") else {
                throw ScenarioSyntaxError("remote s3 takes s3://bucket/key or s3://bucket/prefix/, got '\(location)'")
            }
            do {
                // Checks the bucket, the key and the endpoint now; the run picks the endpoint if none is given.
                _ = try RemoteSetting(parsing: location, endpoint: endpoint ?? "https://s3.amazonaws.com")
            } catch {
                throw ScenarioSyntaxError("remote s3: \(error)")
            }
            script.remote = .s3(location: location, endpoint: endpoint)
        default:
            throw ScenarioSyntaxError(
                "usage: remote directory [PATH] | remote s3 s3://BUCKET/KEY|s3://BUCKET/PREFIX/ [endpoint URL]")
        }
    }

    private mutating func declareDevice(_ arguments: [ScenarioTokenizer.Word], location: ScenarioLocation)
        throws(ScenarioSyntaxError)
    {
        let server = domain.syncsThrough == .server
        let usage = ScenarioSyntaxError(
            server ? "usage: device NAME [user USER] [at DIR]" : "usage: device NAME [at DIR]")
        guard let first = arguments.first else { throw usage }
        var rest = arguments.dropFirst()
        var user: String?
        var path: String?
        while let keyword = rest.popFirst() {
            guard let value = rest.popFirst() else { throw usage }
            if keyword.is("at"), path == nil {
                path = value.text
            } else if keyword.is("user"), server, user == nil {
                user = value.text
                guard AccountName.isValid(value.text) else {
                    throw ScenarioSyntaxError(
                        "'\(value.text)' cannot name a user (1 to 64 ASCII letters, digits, - and _)")
                }
            } else {
                throw usage
            }
        }
        let name = first.text
        guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else {
            throw ScenarioSyntaxError(
                "'\(name)' cannot name a device (letters, digits, - and _, starting with a letter)")
        }
        guard !Self.reservedNames.contains(name) else {
            throw ScenarioSyntaxError("'\(name)' is a keyword and cannot name a device")
        }
        if server, user == nil, !AccountName.isValid(name) {
            throw ScenarioSyntaxError(
                "device '\(name)' has no user and its name cannot be one: add 'user USER' (ASCII letters, digits, - and _)"
            )
        }
        if let first = script.devices.first(where: { $0.name == name }) {
            throw ScenarioSyntaxError("device '\(name)' is already declared at line \(first.location.line)")
        }
        script.devices.append(ScenarioScript.Device(name: name, user: user, path: path, location: location))
    }

    /// `name`, when a device of that name is declared.
    package func declaredDevice(_ name: String) throws(ScenarioSyntaxError) -> String {
        guard script.devices.contains(where: { $0.name == name }) else {
            let declared = script.devices.map(\.name)
            let suggestion = closestMatch(to: name, among: declared).map { " (did you mean '\($0)'?)" } ?? ""
            let list = declared.isEmpty ? "none yet" : declared.joined(separator: ", ")
            throw ScenarioSyntaxError(
                "unknown device '\(name)'\(suggestion); declare it first with 'device \(name)' (declared: \(list))")
        }
        return name
    }

    private func devices(_ words: [ScenarioTokenizer.Word], usage: String) throws(ScenarioSyntaxError) -> [String] {
        guard !words.isEmpty else { throw ScenarioSyntaxError("usage: \(usage)") }
        if words.count == 1, words[0].is("all") { return script.devices.map(\.name) }
        var names: [String] = []
        for word in words { names.append(try declaredDevice(word.text)) }
        return names
    }

    // MARK: Steps

    private func crash(_ words: [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError)
        -> ScenarioStep<Domain.Command>.Action
    {
        let usage = ScenarioSyntaxError("usage: crash DEVICE [during sync after download | during sync after write]")
        guard let name = words.first else { throw usage }
        let device = try declaredDevice(name.text)
        let rest = words.dropFirst().map(\.text).joined(separator: " ")
        if rest.isEmpty { return .crash(device: device, during: nil) }
        guard rest.hasPrefix("during sync "),
            let point = ScenarioStep<Domain.Command>.CrashPoint(rawValue: String(rest.dropFirst(12)))
        else { throw usage }
        if point == .afterDownload, domain.syncsThrough == .server {
            throw ScenarioSyntaxError(
                "a device of a server pushes before it pulls: it crashes 'during sync after write' only")
        }
        return .crash(device: device, during: point)
    }

    private func fault(_ words: [ScenarioTokenizer.Word]) throws(ScenarioSyntaxError)
        -> ScenarioStep<Domain.Command>.Action
    {
        var words = words
        var times = 1
        if let last = words.last, !last.isQuoted, last.text.hasPrefix("x"), last.text.count > 1,
            last.text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
        {
            guard let count = Int(last.text.dropFirst()), (1...Self.maximumFaultRepeats).contains(count) else {
                throw ScenarioSyntaxError(
                    "a fault repeats from once (x1) to \(Self.maximumFaultRepeats) times, got '\(last.text)'")
            }
            times = count
            words.removeLast()
        }
        let text = words.map(\.text).joined(separator: " ")
        let fault: ScenarioFault
        switch text {
        case "conflict":
            try needsPlaybook(
                "fault conflict", instead: "a server orders appends itself: there is no revision to conflict on")
            fault = .conflict
        case "fail": fault = .fail
        case "lost response": fault = .lostResponse
        case "fail read": fault = .failRead
        case _ where text.hasPrefix("status ") && words.count == 2:
            guard domain.syncsThrough == .server else {
                throw ScenarioSyntaxError("'fault status N' is a server's answer; a playbook has none")
            }
            guard let status = Int(words[1].text), (400...599).contains(status) else {
                throw ScenarioSyntaxError("fault status takes an HTTP error status (400-599), got '\(words[1].text)'")
            }
            fault = .status(status)
        case _ where text.hasPrefix("delay ") && words.count == 2:
            fault = .delay(seconds: try ScenarioDuration.seconds(parsing: words[1].text))
        default:
            throw ScenarioSyntaxError(
                "usage: fault \(domain.syncsThrough == .server ? "status N" : "conflict") | fail | lost response | fail read | "
                    + "delay DURATION, optionally xN (got '\(text)')"
            )
        }
        return .fault(fault, times: times)
    }

    private func playbook(_ words: [ScenarioTokenizer.Word], line: Substring) throws(ScenarioSyntaxError)
        -> ScenarioStep<Domain.Command>.Action
    {
        let usage = ScenarioSyntaxError("usage: playbook append LINE | playbook load FILE")
        switch words.first?.text {
        case "append" where words.count >= 2 && words[0].is("append"):
            // The rest of the line exactly as written (it may be deliberately broken): after the
            // bare keyword, which is the line's first `append` (the command before it is `playbook`).
            guard let keyword = line.range(of: "append") else { throw usage }
            return .appendToPlaybook(line: line[keyword.upperBound...].trimmingCharacters(in: .whitespaces))
        case "load" where words.count == 2:
            return .loadPlaybook(path: words[1].text)
        default:
            throw usage
        }
    }

    /// Refuses `what` in a script of a domain that syncs through a server, saying why.
    private func needsPlaybook(_ what: String, instead reason: String) throws(ScenarioSyntaxError) {
        guard domain.syncsThrough == .playbook else {
            throw ScenarioSyntaxError(
                "'\(what)' is for playbook domains: the \(domain.name) domain has no playbook, \(reason)")
        }
    }

    /// Parses an RFC 3339 time.
    package static func timestamp(_ text: String) throws(ScenarioSyntaxError) -> Timestamp {
        try ScenarioWord(text: text, isQuoted: false).timestamp()
    }
}
