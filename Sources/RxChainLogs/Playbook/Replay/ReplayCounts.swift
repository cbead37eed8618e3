/// How many playbook lines a replay read, and what became of them.
///
/// `linesRead == blank + applied + ignored + invalid + duplicates + clashes`; a torn last line is not
/// counted (it is not a line yet).
public struct ReplayCounts: Sendable, Hashable, Codable {
    /// Complete lines consumed (each ended by `\n`), blank ones included.
    public var linesRead = 0
    /// Lines holding only whitespace.
    public var blank = 0
    /// Actions that changed the ledger.
    public var applied = 0
    /// Valid actions a conflict rule turned down.
    public var ignored = 0
    /// Lines that are not a valid action (reported in the diagnostics).
    public var invalid = 0
    /// Lines whose `actionId` an earlier line with the same bytes claimed.
    public var duplicates = 0
    /// Lines whose `actionId` an earlier, different line claimed.
    public var clashes = 0

    /// Creates zero counts.
    package init() {}
}
