/// Where a `forAll` was called: enough to name the test in a `swift test --filter` pattern.
struct PropertyLocation: Sendable {
    /// `#fileID`: `Module/File.swift`.
    var fileID: String
    /// `#function`: the test's name, such as `shrinksToMinimal()` or `replays(seed:)`.
    var function: String
    var line: Int

    /// `Module/File.swift:line`.
    var description: String { "\(fileID):\(line)" }

    /// A `--filter` regular expression matching this test: `Module.*functionName`.
    var filterPattern: String {
        let module = fileID.split(separator: "/").first.map(String.init) ?? fileID
        let name = function.split(separator: "(").first.map(String.init) ?? function
        return "\(module).*\(name)"
    }
}
