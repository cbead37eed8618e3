/// Why a ``TestStore`` step failed: which message, and every field that differs.
public struct TestStoreFailure: Error, CustomStringConvertible, Sendable {
    /// The tag of the message under test.
    public let tag: String
    /// One line per problem (a differing field, an unexpected request, a missing rejection).
    public let problems: [String]
    /// Where the step was written.
    public let sourceLocation: String

    public var description: String {
        "TestStore: \(tag) at \(sourceLocation):\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
