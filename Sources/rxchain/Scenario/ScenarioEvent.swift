/// One entry of a run's trace: a step and what it did, or a file's or the run's summary.
///
/// `--json` prints each as one JSON object per line (`"kind"`: `step`, `file`, `summary`);
/// otherwise ``ScenarioTraceRenderer`` prints it for people.
struct ScenarioEvent: Sendable, Encodable {
    enum Status: String, Sendable, Encodable {
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

    var kind = "step"
    var file: String
    var line: Int?
    /// The line as written.
    var step: String
    var status: Status
    /// What happened, one line each.
    var detail: [String] = []
    /// How the device's state changed (`+ transactions.t2 = {…}`, `~ …: 12.5 -> 13`, `- …`).
    var changes: [String] = []
    /// For a failed expectation: what was expected, what was found, and where values differ.
    var expected: String?
    var actual: String?
    var diff: [String] = []

    init(location: ScenarioLocation, step: String, status: Status) {
        self.file = location.file
        self.line = location.line
        self.step = step
        self.status = status
    }
}

/// What became of one file.
struct ScenarioFileResult: Sendable, Encodable {
    enum Outcome: String, Sendable, Encodable {
        case passed, failed, error, skipped
    }

    var kind = "file"
    var file: String
    var title: String?
    var outcome: Outcome
    var steps = 0
    var expectationsPassed = 0
    var expectationsFailed = 0
    /// Why it was skipped or stopped.
    var reason: String?

    init(file: String, title: String?, outcome: Outcome) {
        self.file = file
        self.title = title
        self.outcome = outcome
    }
}

/// The last line of a run: every file's outcome counted.
struct ScenarioSummary: Sendable, Encodable {
    var kind = "summary"
    var files = 0
    var passed = 0
    var failed = 0
    var errors = 0
    var skipped = 0
    var expectationsPassed = 0
    var expectationsFailed = 0

    mutating func add(_ result: ScenarioFileResult) {
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

    /// 2 when a script had an error, 1 when an expectation failed, else 0.
    var exitCode: ExitCode {
        errors > 0 ? .usage : failed > 0 ? .failure : .success
    }
}
