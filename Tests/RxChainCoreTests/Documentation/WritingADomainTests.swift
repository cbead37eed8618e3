import Testing

/// The Writing a domain article (Sources/RxChainLogs/RxChainLogs.docc/WritingADomain.md) walks
/// through the toy register: its code must be the register's own (Tests/Fixtures/Register/,
/// compiled as the RxChainTestFixtures target), verbatim.
@Suite struct WritingADomainTests {
    @Test func articleShowsTheRegistersCode() throws {
        let code = try ArticleCode(article: "Sources/RxChainLogs/RxChainLogs.docc/WritingADomain.md")
        #expect(code.blocks.count == 4)
        let missing = try code.blocksMissing(
            from: "Tests/Fixtures/Register/RegisterDomain.swift", "Tests/Fixtures/Register/RegisterDomain+Device.swift")
        #expect(missing == [])
    }
}
