/// How the add-expense flow splits an amount among the group: the answer of its split prompt.
public enum SplitChoice: Sendable, Hashable {
    /// Every member consumed equally (``EqualSplit``).
    case equal
    /// Each named member consumed the given minor units (``AmountSplit``); they sum to the amount.
    case amounts([String: Int64])
}
