extension ScenarioEvent {
    /// Records the outcome of `what` (an expectation's subject and check) holding `comparison`
    /// for `actual` (`nil`: no value there): the value found, or, on a miss, the failed status,
    /// the expected and actual values and, for an equality, the differing paths below `diffRoot`.
    package mutating func compare(
        _ what: String, actual: ScenarioValue?, with comparison: ScenarioComparison, diffRoot: StatePath = StatePath([])
    ) {
        let shown = actual?.json ?? "nothing"
        if comparison.holds(for: actual) {
            detail = ["\(what) = \(shown)"]
            return
        }
        status = .failed
        expected = "\(what) \(comparison)"
        self.actual = shown
        if let actual, comparison.op == .equal {
            let differences = ScenarioValue.differences(expected: comparison.expected, actual: actual, at: diffRoot)
            if differences.count > 1 || actual.count != nil { diff = differences }
        }
    }

    /// Records whether `subject` and `other` hold the same state (`left` and `right`), naming
    /// each side in the differing paths.
    package mutating func compareStates(
        _ subject: ScenarioExpectation.Subject, _ left: ScenarioValue, with other: ScenarioExpectation.Subject,
        _ right: ScenarioValue, domain: String
    ) {
        if left == right {
            detail = ["\(subject) and \(other) hold the same \(domain)"]
            return
        }
        status = .failed
        expected = "\(subject) == \(other)"
        actual = "they differ"
        diff = ScenarioValue.differences(expected: right, actual: left)
            .map { $0.replacingOccurrences(of: ": expected ", with: ": \(other) has ") }
            .map { $0.replacingOccurrences(of: ", got ", with: ", \(subject) has ") }
    }
}
