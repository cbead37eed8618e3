import RxChainServer
import Testing

/// `rxchain-server`'s command line and environment.
@Suite struct ServerOptionsTests {
    @Test func flagsWinOverTheEnvironment() throws {
        let parsed = try ServerOptions.parse(
            ["--data", "/srv/a", "--port", "0", "--no-signup", "--password-iterations", "1000"],
            environment: [
                "RXCHAIN_SERVER_DATA": "/srv/b", "RXCHAIN_SERVER_PORT": "9000", "RXCHAIN_SERVER_HOST": "0.0.0.0",
            ])
        var expected = ServerOptions(dataDirectory: "/srv/a", host: "0.0.0.0", port: 0, signupOpen: false)
        expected.passwordIterations = 1000
        #expect(parsed == .run(expected))
    }

    @Test func theEnvironmentAloneIsEnough() throws {
        let parsed = try ServerOptions.parse(
            [], environment: ["RXCHAIN_SERVER_DATA": "/srv", "RXCHAIN_SERVER_NO_SIGNUP": "1"])
        #expect(parsed == .run(ServerOptions(dataDirectory: "/srv", signupOpen: false)))
        #expect(try ServerOptions.parse(["--help", "--bogus"], environment: [:]) == .help)
    }

    @Test(arguments: [
        ([String](), [String: String](), ServerOptionsError.missingData),
        (["--data"], [:], .missingValue("--data")),
        (
            ["--data", "/d", "--port", "70000"], [:],
            .invalidValue("--port", "70000", expected: "a port from 0 to 65535")
        ),
        (
            ["--data", "/d"], ["RXCHAIN_SERVER_PORT": "x"],
            .invalidValue("RXCHAIN_SERVER_PORT", "x", expected: "a port from 0 to 65535")
        ),
        (["--data", "/d", "--verbose"], [:], .unknownArgument("--verbose")),
        (
            ["--data", "/d"], ["RXCHAIN_SERVER_NO_SIGNUP": "maybe"],
            .invalidValue("RXCHAIN_SERVER_NO_SIGNUP", "maybe", expected: "1 or 0")
        ),
        (
            ["--data", "/d", "--password-iterations", "0"], [:],
            .invalidValue("--password-iterations", "0", expected: "a count from 1 to 10000000")
        ),
    ])
    func badUsageNamesTheFlag(arguments: [String], environment: [String: String], expected: ServerOptionsError) {
        #expect(throws: expected) { try ServerOptions.parse(arguments, environment: environment) }
    }
}
