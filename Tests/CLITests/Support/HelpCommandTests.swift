import Testing

/// `rxchain help …` asks for help, so asking it for its own help is not an error.
@Suite struct HelpCommandTests {
    @Test(arguments: [["help", "--help"], ["help", "-h"], ["help", "ledger", "--help"]])
    func helpOfHelpExitsZero(arguments: [String]) async throws {
        let result = try await CLIRunner().run(arguments, environment: ["NO_COLOR": "1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("usage: rxchain"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }
}
