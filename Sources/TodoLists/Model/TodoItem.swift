/// One item of a list: its text and its two flags.
public struct TodoItem: Sendable, Hashable {
    /// Two describes crossed: a describe made from an older text replaced `overwritten`.
    public struct Conflict: Sendable, Hashable {
        /// The text the conflicting describe replaced.
        public var overwritten: String

        /// Creates a conflict marker.
        public init(overwritten: String) {
            self.overwritten = overwritten
        }
    }

    /// The item's text.
    public var description: String
    /// Whether it is done.
    public var completed: Bool
    /// Whether it is starred (a star does not move the item).
    public var starred: Bool
    /// Set by a describe that did not start from the current text; cleared by one that did.
    public var conflict: Conflict?

    /// Creates an item.
    public init(description: String, completed: Bool = false, starred: Bool = false, conflict: Conflict? = nil) {
        self.description = description
        self.completed = completed
        self.starred = starred
        self.conflict = conflict
    }
}
