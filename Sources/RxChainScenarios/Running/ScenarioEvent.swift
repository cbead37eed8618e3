/// One entry of a run's trace: a step and what it did, or a file's or the run's summary.
///
/// `--json` prints each as one JSON object per line (`"kind"`: `step`, `file`, `summary`);
/// otherwise ``ScenarioTraceRenderer`` prints it for people.
public struct ScenarioEvent: Sendable, Encodable {
    public enum Status: String, Sendable, Encodable {
        /// The step ran; an expectation held.
        case ok
        /// The step ran, with something worth a look (a refused message, a failed sync).
        case note
        /// An expectation did not hold.
        case failed
        /// The script cannot go on (exit 2), or the machine failed under it (exit 1).
        case error
        /// Not run (the scenario needs something this machine does not have).
        case skipped
    }

    public var kind = "step"
    public var file: String
    public var line: Int?
    /// The line as written.
    public var step: String
    public var status: Status
    /// What happened, one line each.
    public var detail: [String] = []
    /// How the device's state changed (`+ transactions.t2 = {…}`, `~ …: 12.5 -> 13`, `- …`).
    public var changes: [String] = []
    /// For a failed expectation: what was expected, what was found, and where values differ.
    public var expected: String?
    public var actual: String?
    public var diff: [String] = []

    /// An event for the step at `location`.
    public init(location: ScenarioLocation, step: String, status: Status) {
        self.file = location.file
        self.line = location.line
        self.step = step
        self.status = status
    }
}

/// What became of one file.
public struct ScenarioFileResult: Sendable, Encodable {
    public enum Outcome: String, Sendable, Encodable {
        case passed, failed, error, skipped
    }

    public var kind = "file"
    public var file: String
    public var title: String?
    public var outcome: Outcome
    public var steps = 0
    public var expectationsPassed = 0
    public var expectationsFailed = 0
    /// Why it was skipped or stopped.
    public var reason: String?

    /// A result, counts at zero.
    public init(file: String, title: String?, outcome: Outcome) {
        self.file = file
        self.title = title
        self.outcome = outcome
    }
}

/// The last line of a run: every file's outcome counted.
public struct ScenarioSummary: Sendable, Encodable {
    public var kind = "summary"
    public var files = 0
    public var passed = 0
    public var failed = 0
    public var errors = 0
    public var skipped = 0
    public var expectationsPassed = 0
    public var expectationsFailed = 0

    /// A summary of no files.
    public init() {}

    /// Counts one file's result.
    public mutating func add(_ result: ScenarioFileResult) {
        files += 1
        expectationsPassed += result.expectationsPassed
        expectationsFailed += result.expectationsFailed
        switch result.outcome {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
    }

    /// The exit status a run reports: 2 when a script had an error, 1 when an expectation
    /// failed (or the machine failed under a step), else 0.
    public var exitStatus: Int32 {
        errors > 0 ? 2 : failed > 0 ? 1 : 0
    }
}
