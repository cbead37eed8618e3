/// What is wrong with one part of a script line; the parser adds the file and line
/// (``ScenarioScriptError``).
public struct ScenarioSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, for the person who wrote the line.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// A script error: the script cannot be run as written (exit 2). Says where and what.
///
/// `Examples/sync.scenario:12: unknown command 'sink' (did you mean 'sync'?)`
public struct ScenarioScriptError: Error, Equatable, CustomStringConvertible {
    /// Where.
    public var location: ScenarioLocation
    /// What.
    public var message: String

    package init(location: ScenarioLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// A line of a script file.
public struct ScenarioLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as given on the command line.
    public var file: String
    /// 1-based.
    public var line: Int

    public var description: String { "\(file):\(line)" }
}

/// Every script error of one file, in line order.
public struct ScenarioScriptErrors: Error, Equatable {
    /// The errors, in line order.
    public var errors: [ScenarioScriptError]
}
