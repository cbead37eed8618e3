/// What is wrong with one part of a script line; the parser adds the file and line
/// (``ScenarioScriptError``).
struct ScenarioSyntaxError: Error, Equatable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

/// A script error: the script cannot be run as written (exit 2). Says where and what.
///
/// `Examples/sync.scenario:12: unknown command 'sink' (did you mean 'sync'?)`
struct ScenarioScriptError: Error, Equatable, CustomStringConvertible {
    var location: ScenarioLocation
    var message: String

    var description: String { "\(location): \(message)" }
}

/// A line of a script file.
struct ScenarioLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as given on the command line.
    var file: String
    /// 1-based.
    var line: Int

    var description: String { "\(file):\(line)" }
}

/// Every script error of one file, in line order.
struct ScenarioScriptErrors: Error, Equatable {
    var errors: [ScenarioScriptError]
}
