import RxChainServer
import RxChainServerStorage
import Testing

@Suite struct LogPatternTests {
    func log(_ text: String) -> LogName { try! LogName(validating: text) }

    @Test func capturesOneSegmentPerName() throws {
        let pattern = try LogPattern(validating: "requests/{from}/to/{to}")
        let captures = try #require(pattern.match(log("requests/alice/to/bob")))
        #expect(captures.values == ["from": "alice", "to": "bob"])
        #expect(captures.remainder.isEmpty)
    }

    @Test(arguments: [
        "requests/alice/to", "requests/alice/to/bob/extra", "requests/alice/from/bob", "Requests/alice/to/bob",
    ])
    func literalsAndLengthMustMatchExactly(text: String) throws {
        #expect(try LogPattern(validating: "requests/{from}/to/{to}").match(log(text)) == nil)
    }

    @Test func trailingRemainderMatchesOneOrMoreSegments() throws {
        let pattern = try LogPattern(validating: "users/{uid}/**")
        #expect(pattern.match(log("users/alice")) == nil)
        #expect(pattern.match(log("users/alice/actions"))?.remainder == ["actions"])
        let deep = try #require(pattern.match(log("users/alice/a/b/c")))
        #expect(deep["uid"] == "alice")
        #expect(deep.remainder == ["a", "b", "c"])
        #expect(pattern.match(log("lists/alice/actions")) == nil)
    }

    @Test func aLoneRemainderMatchesEveryLogButTheReservedOnes() throws {
        let pattern = try LogPattern(validating: "**")
        #expect(pattern.match(log("anything"))?.remainder == ["anything"])
        #expect(pattern.match(log("lists/L1/actions")) != nil)
        #expect(pattern.match(log("server/families")) == nil)
        #expect(pattern.match(log("server")) == nil)
    }

    @Test func aCaptureInFirstPlaceNeverMatchesTheReservedPrefix() throws {
        let pattern = try LogPattern(validating: "{kind}/{id}/**")
        #expect(pattern.match(log("lists/L1/actions"))?["kind"] == "lists")
        #expect(pattern.match(log("server/families/x")) == nil)
        // Only the first segment is reserved: `server` further on is an ordinary segment.
        #expect(pattern.match(log("lists/server/actions"))?["id"] == "server")
    }

    @Test func matchingIsCaseSensitiveLikeLogNames() throws {
        let pattern = try LogPattern(validating: "lists/{list}/actions")
        #expect(pattern.match(log("lists/L1/actions"))?["list"] == "L1")
        #expect(pattern.match(log("lists/L1/Actions")) == nil)
    }

    @Test(
        arguments: [
            ("", LogPatternError.empty),
            ("users//x", .invalidLiteral("", index: 1)),
            ("users/*", .invalidLiteral("*", index: 1)),
            ("users/../x", .invalidLiteral("..", index: 1)),
            ("users/{uid", .invalidLiteral("{uid", index: 1)),
            ("users/{}", .invalidCaptureName("", index: 1)),
            ("users/{u-id}", .invalidCaptureName("u-id", index: 1)),
            ("a/{x}/b/{x}", .repeatedCapture("x")),
            ("users/**/actions", .remainderNotLast(index: 1)),
            ("server/**", .reserved),
            ("server", .reserved),
        ] as [(String, LogPatternError)])
    func malformedPatternsAreRefused(text: String, error: LogPatternError) {
        #expect(throws: error) { try LogPattern(validating: text) }
    }

    @Test func describesItselfAsWritten() throws {
        #expect(try LogPattern(validating: "users/{uid}/**").description == "users/{uid}/**")
        #expect(
            LogPattern("requests/{from}/to/{to}").segments == [
                .literal("requests"), .capture("from"), .literal("to"), .capture("to"),
            ])
    }

    @Test func aReservedLogIsMarkedAsSuch() {
        #expect(log("server/families").isReserved)
        #expect(!log("servers/families").isReserved)
        #expect(!log("users/server").isReserved)
    }
}
