import RxChainServer
import RxChainServerStorage
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

    @Test(arguments: [("30d", 30 * 86_400), ("12h", 43_200), ("90m", 5_400), ("45s", 45)])
    func theDeletionWindowTakesAUnit(text: String, seconds: Int64) throws {
        guard
            case .run(let options) = try ServerOptions.parse(
                ["--data", "/d", "--deletion-window", text], environment: [:])
        else {
            Issue.record("--deletion-window \(text) did not parse to options")
            return
        }
        #expect(options.deletionWindow == .seconds(seconds))
        let fromEnvironment = try ServerOptions.parse(
            ["--data", "/d"], environment: ["RXCHAIN_SERVER_DELETION_WINDOW": text])
        #expect(fromEnvironment == .run(options))
    }

    @Test func logFormatLevelAndFeedWaitComeFromFlagsOrTheEnvironment() throws {
        guard
            case .run(let options) = try ServerOptions.parse(
                ["--data", "/d", "--log-format", "json", "--max-feed-wait", "2"],
                environment: ["RXCHAIN_SERVER_LOG_LEVEL": "notice", "RXCHAIN_SERVER_LOG_FORMAT": "text"])
        else {
            Issue.record("did not parse to options")
            return
        }
        #expect(options.logFormat == .json && options.logLevel == "notice" && options.maximumFeedWait == .seconds(2))
        let defaults = ServerOptions(dataDirectory: "/d")
        #expect(defaults.logFormat == .text && defaults.logLevel == "info" && defaults.maximumFeedWait == .seconds(30))
        #expect(throws: ServerOptionsError.invalidValue("--log-format", "xml", expected: "text or json")) {
            try ServerOptions.parse(["--data", "/d", "--log-format", "xml"], environment: [:])
        }
        #expect(throws: ServerOptionsError.self) {
            try ServerOptions.parse(["--data", "/d", "--log-level", "loud"], environment: [:])
        }
        #expect(
            throws: ServerOptionsError.invalidValue(
                "RXCHAIN_SERVER_MAX_FEED_WAIT", "0", expected: "a number of seconds from 1 to 300")
        ) {
            try ServerOptions.parse(["--data", "/d"], environment: ["RXCHAIN_SERVER_MAX_FEED_WAIT": "0"])
        }
    }

    @Test func theDeletionWindowIsThirtyDaysByDefault() throws {
        #expect(ServerOptions(dataDirectory: "/d").deletionWindow == .seconds(30 * 86_400))
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
        (
            ["--data", "/d", "--deletion-window", "0d"], [:],
            .invalidValue("--deletion-window", "0d", expected: "a positive duration such as 30d, 12h, 90m or 45s")
        ),
        (
            ["--data", "/d"], ["RXCHAIN_SERVER_DELETION_WINDOW": "30 days"],
            .invalidValue(
                "RXCHAIN_SERVER_DELETION_WINDOW", "30 days",
                expected: "a positive duration such as 30d, 12h, 90m or 45s")
        ),
        (
            ["--data", "/d", "--cache-mb", "0"], [:],
            .invalidValue("--cache-mb", "0", expected: "a number of MiB from 1 to 65536")
        ),
        (
            ["--data", "/d"], ["RXCHAIN_SERVER_STORAGE": "mysql://u@h/db"],
            .invalidValue(
                "RXCHAIN_SERVER_STORAGE", "mysql://u@h/db", expected: "journal or postgres://USER@HOST[:PORT]/DB")
        ),
        (
            ["--data", "/d", "--storage", "postgres://localhost/db"], [:],
            .invalidValue(
                "--storage", "postgres://localhost/db", expected: "journal or postgres://USER@HOST[:PORT]/DB")
        ),
        (
            ["--data", "/d", "--storage", "postgres://u:secret@h/db"], [:],
            .invalidValue(
                "--storage", "(a URL with a password)", expected: "a URL without a password (set PGPASSWORD instead)")
        ),
    ])
    func badUsageNamesTheFlag(arguments: [String], environment: [String: String], expected: ServerOptionsError) {
        #expect(throws: expected) { try ServerOptions.parse(arguments, environment: environment) }
    }

    @Test func storageAndCacheComeFromFlagsOrTheEnvironment() throws {
        var expected = ServerOptions(dataDirectory: "/d")
        #expect(expected.storage == .journal && expected.cacheBytes == JournalStorage.defaultCacheBytes)
        expected.storage = .postgres(url: "postgres://rx@127.0.0.1:5433/rxchain")
        expected.cacheBytes = 8 << 20
        let flags = try ServerOptions.parse(
            ["--data", "/d", "--storage", "postgres://rx@127.0.0.1:5433/rxchain", "--cache-mb", "8"],
            environment: ["RXCHAIN_SERVER_STORAGE": "journal", "RXCHAIN_SERVER_CACHE_MB": "1"])
        #expect(flags == .run(expected))
        let environment = try ServerOptions.parse(
            ["--data", "/d"],
            environment: [
                "RXCHAIN_SERVER_STORAGE": "postgres://rx@127.0.0.1:5433/rxchain", "RXCHAIN_SERVER_CACHE_MB": "8",
            ])
        #expect(environment == .run(expected))
    }
}
