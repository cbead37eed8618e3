import Foundation

/// The Swift code blocks of a DocC article, and where a test file shows each of them.
///
/// An article whose code a test compiles keeps that code and the test's identical: every
/// ```` ```swift ```` block of the article must appear in the test file as consecutive lines,
/// indented by any amount (a block may sit inside a test function). A package manifest (a
/// block starting `// swift-tools-version`) cannot be compiled into a test: it is kept apart, for
/// a test to load with `swift package`.
struct ArticleCode {
    /// The blocks, each as its lines.
    let blocks: [[String]]
    /// The package manifests among the article's Swift blocks, each as its text.
    let manifests: [String]

    /// The Swift blocks of the article at `path` (relative to the package root).
    init(article path: String) throws {
        var blocks: [[String]] = []
        var current: [String]?
        for line in try Self.lines(of: path) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        let isManifest = { (block: [String]) in block.first?.hasPrefix("// swift-tools-version") == true }
        self.blocks = blocks.filter { !isManifest($0) }
        self.manifests = blocks.filter(isManifest).map { $0.joined(separator: "\n") + "\n" }
    }

    /// The article's blocks that appear in none of the files at `paths`, as text.
    func blocksMissing(from paths: String...) throws -> [String] {
        let files = try paths.map(Self.lines(of:))
        return blocks.filter { block in !files.contains { Self.file($0, contains: block) } }
            .map { $0.joined(separator: "\n") }
    }

    /// Whether `file` holds `block`'s lines consecutively, each with the same extra indentation.
    private static func file(_ file: [String], contains block: [String]) -> Bool {
        guard let first = block.first else { return true }
        for start in file.indices where file[start].hasSuffix(first) {
            let indent = String(file[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }), start + block.count <= file.count else { continue }
            let matches = zip(block, file[start...]).allSatisfy { expected, actual in
                expected.isEmpty ? actual.allSatisfy { $0 == " " } : actual == indent + expected
            }
            if matches { return true }
        }
        return false
    }

    /// The lines of the file at `path` (relative to the package root), without their line ends.
    static func lines(of path: String) throws -> [String] {
        let url = packageRoot.appendingPathComponent(path)
        let bytes = try Data(contentsOf: url)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CocoaError(.fileReadInapplicableStringEncoding, userInfo: [NSFilePathErrorKey: url.path])
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    /// The package's root, above `Tests/RxChainCoreTests/Documentation/` where this file is.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
