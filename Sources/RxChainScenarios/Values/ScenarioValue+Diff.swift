extension ScenarioValue {
    /// Where `actual` differs from `expected`, one line per differing path, sorted by path:
    /// `transactions.t1.charge: expected 12.5, got 13`, `transactions.t2: missing, got {…}`.
    ///
    /// Objects are compared member by member; arrays, strings and numbers as whole values.
    package static func differences(expected: ScenarioValue, actual: ScenarioValue, at path: StatePath = StatePath([]))
        -> [String]
    {
        var lines: [String] = []
        walk(expected, actual, path: path) { path, expected, actual in
            switch (expected, actual) {
            case (let expected?, let actual?):
                lines.append("\(path): expected \(expected.json), got \(actual.json)")
            case (let expected?, nil):
                lines.append("\(path): expected \(expected.json), got nothing")
            case (nil, let actual?):
                lines.append("\(path): expected nothing, got \(actual.json)")
            case (nil, nil):
                break
            }
        }
        return lines
    }

    /// What changed from `old` to `new`, one line per path: `+ transactions.t2 = {…}`,
    /// `- transactions.t2`, `~ transactions.t1.charge: 12.5 -> 13`.
    package static func changes(from old: ScenarioValue, to new: ScenarioValue) -> [String] {
        var lines: [String] = []
        walk(old, new, path: StatePath([])) { path, old, new in
            switch (old, new) {
            case (let old?, let new?): lines.append("~ \(path): \(old.json) -> \(new.json)")
            case (nil, let new?): lines.append("+ \(path) = \(new.json)")
            case (_?, nil): lines.append("- \(path)")
            case (nil, nil): break
            }
        }
        return lines
    }

    /// Calls `report` for every path where the two values differ (`nil`: absent on that side),
    /// descending into objects present on both sides.
    private static func walk(
        _ left: ScenarioValue?, _ right: ScenarioValue?, path: StatePath,
        report: (StatePath, ScenarioValue?, ScenarioValue?) -> Void
    ) {
        if case .object(let leftMembers)? = left, case .object(let rightMembers)? = right {
            for key in Set(leftMembers.keys).union(rightMembers.keys).sorted() {
                walk(leftMembers[key], rightMembers[key], path: path.appending(key), report: report)
            }
        } else if left != right {
            report(path, left, right)
        }
    }
}
