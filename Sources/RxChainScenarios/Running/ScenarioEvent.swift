/// One entry of a run's trace: a step and what it did, or a file's or the run's summary.
///
/// `--json` prints each as one JSON object per line (`"kind"`: `step`, `file`, `summary`);
/// otherwise `ScenarioTraceRenderer` prints it for people.
public struct ScenarioEvent: Sendable, Encodable {
    /// How a step went.
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

    /// `"step"`: tells a step's line apart from a file's and the summary's in `--json` output.
    public var kind = "step"
    /// The script the step is in, as given on the command line.
    public var file: String
    /// The step's line in ``file`` (1-based); `nil` for a step the runner adds itself.
    public var line: Int?
    /// The line as written.
    public var step: String
    /// How the step went.
    public var status: Status
    /// What happened, one line each.
    public var detail: [String] = []
    /// How the device's state changed (`+ transactions.t2 = {…}`, `~ …: 12.5 -> 13`, `- …`).
    public var changes: [String] = []
    /// For a failed expectation: what was expected, what was found, and where values differ.
    public var expected: String?
    /// For a failed expectation: what the device held instead.
    public var actual: String?
    /// For a failed expectation: one line per path where ``expected`` and ``actual`` differ.
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
    /// How a file went, worst first wins: an error, else a failed expectation, else passed.
    public enum Outcome: String, Sendable, Encodable {
        /// Every step ran and every expectation held.
        case passed
        /// At least one expectation did not hold; the file ran to its end.
        case failed
        /// The file stopped: a script error, or the machine failed under it.
        case error
        /// Not run (it needs something this machine does not have); see ``ScenarioFileResult/reason``.
        case skipped
    }

    /// `"file"`: tells a file's line apart in `--json` output.
    public var kind = "file"
    /// The script, as given on the command line.
    public var file: String
    /// The script's `scenario "TITLE"` line, if it has one.
    public var title: String?
    /// How the file went.
    public var outcome: Outcome
    /// How many steps ran.
    public var steps = 0
    /// How many expectations held.
    public var expectationsPassed = 0
    /// How many expectations did not hold.
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
    /// `"summary"`: tells the last line apart in `--json` output.
    public var kind = "summary"
    /// How many files ran (or were skipped).
    public var files = 0
    /// How many files passed.
    public var passed = 0
    /// How many files had a failed expectation.
    public var failed = 0
    /// How many files stopped on an error.
    public var errors = 0
    /// How many files were skipped.
    public var skipped = 0
    /// Expectations that held, over every file.
    public var expectationsPassed = 0
    /// Expectations that did not hold, over every file.
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
