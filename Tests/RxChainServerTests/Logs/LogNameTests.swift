import RxChainServerStorage
import Testing

@Suite struct LogNameTests {
    @Test(arguments: [
        "users/alice/actions", "lists/l1/actions", "lists/L1/actions", "lists/0F3A-B7/actions", "requests/alice/to/bob",
        "playbooks/team/ledger",
        "a", "x.y/z_w-1/.hidden/..dots", "1/2/3/4/5/6/7/8",
    ])
    func acceptsValidNames(text: String) throws {
        let name = try LogName(validating: text)
        #expect(name.description == text)
        #expect(name.segments == text.split(separator: "/").map(String.init))
    }

    @Test func familyIsTheFirstTwoSegments() throws {
        #expect(try LogName(validating: "lists/l1/actions").family == "lists/l1")
        #expect(try LogName(validating: "requests/alice/to/bob").family == "requests/alice")
        #expect(try LogName(validating: "solo").family == "solo")
    }

    @Test func namesAreCaseSensitive() throws {
        #expect(try LogName(validating: "lists/L1") != LogName(validating: "lists/l1"))
    }

    @Test(arguments: [
        ("", LogNameError.empty),
        ("/etc/passwd", .absolute),
        ("users/../admin", .traversal(index: 1)),
        ("..", .traversal(index: 0)),
        ("users/./alice", .traversal(index: 1)),
        ("users/%2e%2e/admin", .traversal(index: 1)),
        ("users/%2E%2e", .traversal(index: 1)),
        ("users/%2e", .traversal(index: 1)),
        ("users/%41", .invalidCharacter("%", index: 1)),
        ("users//alice", .emptySegment(index: 1)),
        ("users/alice/", .emptySegment(index: 2)),
        ("users/al\0ice", .nul),
        ("users\\alice", .backslash),
        ("users/a+b", .invalidCharacter("+", index: 1)),
        ("users/al ice", .invalidCharacter(" ", index: 1)),
        ("users/élise", .invalidCharacter("é", index: 1)),
        ("1/2/3/4/5/6/7/8/9", .tooManySegments(count: 9)),
        (String(repeating: "a", count: 257), .tooLong(length: 257)),
    ])
    func refusesBadNamesNamingTheProblem(text: String, expected: LogNameError) {
        #expect(throws: expected) { try LogName(validating: text) }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(LogNameError.traversal(index: 1).description.contains("traversal"))
        #expect(LogNameError.absolute.description.contains("'/'"))
        #expect(LogNameError.emptySegment(index: 2).description.contains("empty segment at position 3"))
        #expect(LogNameError.nul.description.contains("NUL"))
        #expect(LogNameError.backslash.description.contains("backslash"))
        #expect(LogNameError.invalidCharacter("+", index: 0).description.contains("\"+\""))
        #expect(LogNameError.tooManySegments(count: 9).description.contains("9 segments"))
        #expect(LogNameError.tooLong(length: 300).description.contains("300 bytes"))
    }
}
