/// What an ordered-log domain's rules did with one entry (``OrderedLogDomain/apply(_:to:)``).
public enum OrderedLogOutcome: Sendable, Hashable {
    /// The entry was applied (the state changed, or was set to equal values).
    case applied
    /// The entry cannot apply to this state (e.g. it removes an item that is not there); the
    /// state is unchanged. Not an error: every device skips the same entry for the same reason,
    /// and ``OrderedLogFold/diagnostics`` lists it.
    case skipped(String)
}
