import RxChainServerStorage
import RxChainSystem

/// How `rxchain-server` is started: its flags, read together with its environment.
///
/// ```
/// rxchain-server --data DIR [--host 127.0.0.1] [--port 8080] [--no-signup] [--deletion-window 30d]
///                [--storage journal|postgres://USER@HOST[:PORT]/DB] [--cache-mb 64]
/// ```
///
/// Each flag has an environment variable (`RXCHAIN_SERVER_DATA`, `RXCHAIN_SERVER_HOST`,
/// `RXCHAIN_SERVER_PORT`, `RXCHAIN_SERVER_NO_SIGNUP=1`, `RXCHAIN_SERVER_DELETION_WINDOW`,
/// `RXCHAIN_SERVER_STORAGE`, `RXCHAIN_SERVER_CACHE_MB`); a flag wins over its variable. Port 0
/// asks the system for a free port; the server prints the one it got.
public struct ServerOptions: Sendable, Equatable {
    /// The data directory: the journal of every log, the signing key.
    public var dataDirectory: String
    /// The address to listen on.
    public var host: String = "127.0.0.1"
    /// The TCP port to listen on; 0 for any free port.
    public var port: Int = 8080
    /// Whether new accounts may sign up.
    public var signupOpen: Bool = true
    /// PBKDF2 iterations for passwords set from now on (each hash keeps its own count).
    public var passwordIterations: Int = ServerOptions.defaultPasswordIterations

    /// How long mounted services keep deleted records for their change feeds (the time entries'
    /// `since` feed answers `410 Gone` for an older `since`).
    public var deletionWindow: Duration = ServerOptions.defaultDeletionWindow

    /// The longest a long poll (`/feed`, a service's feed) waits before answering empty
    /// (`--max-feed-wait`).
    public var maximumFeedWait: Duration = .seconds(30)

    /// Where the logs are kept (`--storage`).
    public var storage: Storage = .journal

    /// The most bytes the journal's read cache holds (`--cache-mb`).
    public var cacheBytes: Int = JournalStorage.defaultCacheBytes

    /// Where the server keeps its logs.
    public enum Storage: Sendable, Equatable {
        /// The embedded journal in `DATA/logs` (one server process).
        case journal
        /// A PostgreSQL database, shared by every server instance given the same URL
        /// (`postgres://USER@HOST[:PORT]/DB`, without a password: that comes from `PGPASSWORD`).
        case postgres(url: String)
    }

    /// How log lines are written (`--log-format`).
    public var logFormat: LogLineFormat = .text
    /// The least level logged (`--log-level`): `trace`, `debug`, `info`, `notice`, `warning`,
    /// `error` or `critical` (swift-log's levels).
    public var logLevel: String = "info"

    /// The levels `--log-level` takes, least first.
    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// The default deletion window: 30 days.
    public static let defaultDeletionWindow: Duration = .seconds(30 * 86_400)

    /// The default password stretch: OWASP's figure for PBKDF2-HMAC-SHA256.
    public static let defaultPasswordIterations = 600_000

    /// The usage text `--help` prints.
    public static let usage = """
        usage: rxchain-server --data DIR [--host HOST] [--port PORT] [--no-signup] [--password-iterations N]
                              [--deletion-window DURATION] [--max-feed-wait SECONDS]
                              [--log-format text|json] [--log-level LEVEL]
                              [--storage journal|postgres://USER@HOST[:PORT]/DB] [--cache-mb MB]

        Serves RxChain's append-only logs over HTTP: accounts with per-device sessions,
        access rules per log, server order, a long-poll change feed.

        options:
          --data DIR      data directory (created if missing); env RXCHAIN_SERVER_DATA
          --host HOST     address to listen on (default 127.0.0.1); env RXCHAIN_SERVER_HOST
          --port PORT     port to listen on, 0 for any free one (default 8080); env RXCHAIN_SERVER_PORT
          --no-signup     refuse new accounts; env RXCHAIN_SERVER_NO_SIGNUP=1
          --password-iterations N
                          PBKDF2 iterations for new password hashes (default 600000; lower only for
                          tests: it weakens stored passwords); env RXCHAIN_SERVER_PASSWORD_ITERATIONS
          --deletion-window DURATION
                          how long deleted time entries stay in the since-feed, e.g. 30d, 12h, 90m,
                          45s (default 30d; an older since is answered 410 Gone); env
                          RXCHAIN_SERVER_DELETION_WINDOW
          --max-feed-wait SECONDS
                          the longest a long poll waits before answering empty, 1 to 300 (default
                          30); env RXCHAIN_SERVER_MAX_FEED_WAIT
          --storage journal|postgres://USER@HOST[:PORT]/DB
                          where the logs are kept: the embedded journal in DATA/logs (default; one
                          server process), or a PostgreSQL database that several server instances
                          share (give each the same DATA/server.key); the password comes from
                          PGPASSWORD, never from the URL; env RXCHAIN_SERVER_STORAGE
          --cache-mb MB   the journal's read cache, 1 to 65536 MiB (default 64): the server's memory
                          grows with it, not with the number of entries; env RXCHAIN_SERVER_CACHE_MB
          --log-format text|json
                          one line per request and event on stderr, as text (default) or JSON;
                          env RXCHAIN_SERVER_LOG_FORMAT
          --log-level LEVEL
                          the least level logged: trace, debug, info (default), notice, warning,
                          error, critical (requests: 2xx/3xx info, 4xx notice, 5xx error);
                          env RXCHAIN_SERVER_LOG_LEVEL
          -h, --help      print this help

        GET /metrics answers Prometheus text; GET /openapi.json the API's OpenAPI 3.1 document.
        SIGTERM or SIGINT: stop accepting, answer open long polls at once, finish in-flight
        requests, sync the journal, exit 0; a second signal exits at once with status 1.

        exit codes: 0 stopped cleanly (SIGTERM/SIGINT), 2 bad usage, 1 could not start or stopped
        by a second signal
        """

    /// Creates options.
    public init(dataDirectory: String, host: String = "127.0.0.1", port: Int = 8080, signupOpen: Bool = true) {
        self.dataDirectory = dataDirectory
        self.host = host
        self.port = port
        self.signupOpen = signupOpen
    }

    /// What the command line asks for: options to run with, or the help text.
    public enum Parsed: Sendable, Equatable {
        /// Run the server with these options.
        case run(ServerOptions)
        /// Print the usage (`--help`) and exit 0.
        case help
    }

    /// Reads the arguments (without the program name) and the environment.
    ///
    /// - Throws: ``ServerOptionsError`` naming the flag or variable at fault.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(ServerOptionsError) -> Parsed
    {
        var data = environment["RXCHAIN_SERVER_DATA"]
        var host = environment["RXCHAIN_SERVER_HOST"] ?? "127.0.0.1"
        var portText = environment["RXCHAIN_SERVER_PORT"]
        var portSource = "RXCHAIN_SERVER_PORT"
        var signupOpen = true
        var iterationsText = environment["RXCHAIN_SERVER_PASSWORD_ITERATIONS"]
        var iterationsSource = "RXCHAIN_SERVER_PASSWORD_ITERATIONS"
        var windowText = environment["RXCHAIN_SERVER_DELETION_WINDOW"]
        var windowSource = "RXCHAIN_SERVER_DELETION_WINDOW"
        var waitText = environment["RXCHAIN_SERVER_MAX_FEED_WAIT"]
        var waitSource = "RXCHAIN_SERVER_MAX_FEED_WAIT"
        var formatText = environment["RXCHAIN_SERVER_LOG_FORMAT"]
        var formatSource = "RXCHAIN_SERVER_LOG_FORMAT"
        var levelText = environment["RXCHAIN_SERVER_LOG_LEVEL"]
        var levelSource = "RXCHAIN_SERVER_LOG_LEVEL"
        var storageText = environment["RXCHAIN_SERVER_STORAGE"]
        var storageSource = "RXCHAIN_SERVER_STORAGE"
        var cacheText = environment["RXCHAIN_SERVER_CACHE_MB"]
        var cacheSource = "RXCHAIN_SERVER_CACHE_MB"
        if let closed = environment["RXCHAIN_SERVER_NO_SIGNUP"] {
            switch closed {
            case "1", "true", "yes": signupOpen = false
            case "0", "false", "no", "": signupOpen = true
            default: throw .invalidValue("RXCHAIN_SERVER_NO_SIGNUP", closed, expected: "1 or 0")
            }
        }
        var rest = arguments[...]
        func value(for flag: String) throws(ServerOptionsError) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw .missingValue(flag) }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--data": data = try value(for: argument)
            case "--host": host = try value(for: argument)
            case "--port":
                portText = try value(for: argument)
                portSource = "--port"
            case "--no-signup": signupOpen = false
            case "--password-iterations":
                iterationsText = try value(for: argument)
                iterationsSource = "--password-iterations"
            case "--deletion-window":
                windowText = try value(for: argument)
                windowSource = "--deletion-window"
            case "--max-feed-wait":
                waitText = try value(for: argument)
                waitSource = "--max-feed-wait"
            case "--log-format":
                formatText = try value(for: argument)
                formatSource = "--log-format"
            case "--log-level":
                levelText = try value(for: argument)
                levelSource = "--log-level"
            case "--storage":
                storageText = try value(for: argument)
                storageSource = "--storage"
            case "--cache-mb":
                cacheText = try value(for: argument)
                cacheSource = "--cache-mb"
            default: throw .unknownArgument(argument)
            }
        }
        guard let data, !data.isEmpty else { throw .missingData }
        if host.isEmpty { throw .invalidValue("--host", host, expected: "an address such as 127.0.0.1") }
        var port = 8080
        if let portText {
            guard let number = Int(portText), (0...65_535).contains(number) else {
                throw .invalidValue(portSource, portText, expected: "a port from 0 to 65535")
            }
            port = number
        }
        var options = ServerOptions(dataDirectory: data, host: host, port: port, signupOpen: signupOpen)
        if let iterationsText {
            guard let iterations = Int(iterationsText), (1...10_000_000).contains(iterations) else {
                throw .invalidValue(iterationsSource, iterationsText, expected: "a count from 1 to 10000000")
            }
            options.passwordIterations = iterations
        }
        if let windowText {
            guard let window = Self.duration(windowText) else {
                throw .invalidValue(
                    windowSource, windowText, expected: "a positive duration such as 30d, 12h, 90m or 45s")
            }
            options.deletionWindow = window
        }
        if let waitText {
            guard let seconds = Int64(waitText), (1...300).contains(seconds) else {
                throw .invalidValue(waitSource, waitText, expected: "a number of seconds from 1 to 300")
            }
            options.maximumFeedWait = .seconds(seconds)
        }
        if let formatText {
            guard let format = LogLineFormat(rawValue: formatText) else {
                throw .invalidValue(formatSource, formatText, expected: "text or json")
            }
            options.logFormat = format
        }
        if let levelText {
            guard Self.logLevels.contains(levelText) else {
                throw .invalidValue(levelSource, levelText, expected: Self.logLevels.joined(separator: ", "))
            }
            options.logLevel = levelText
        }
        if let storageText { options.storage = try Self.storage(storageText, source: storageSource) }
        if let cacheText {
            guard let megabytes = Int(cacheText), (1...65_536).contains(megabytes) else {
                throw .invalidValue(cacheSource, cacheText, expected: "a number of MiB from 1 to 65536")
            }
            options.cacheBytes = megabytes << 20
        }
        return .run(options)
    }

    /// `journal`, or a `postgres://` (or `postgresql://`) URL naming a user, a host and a database
    /// and no password.
    static func storage(_ text: String, source: String) throws(ServerOptionsError) -> Storage {
        if text == "journal" { return .journal }
        let expected = "journal or postgres://USER@HOST[:PORT]/DB"
        guard let scheme = text.range(of: "://"), ["postgres", "postgresql"].contains(text[..<scheme.lowerBound])
        else { throw .invalidValue(source, text, expected: expected) }
        let rest = text[scheme.upperBound...]
        guard let at = rest.firstIndex(of: "@"), let slash = rest[at...].firstIndex(of: "/"),
            rest.index(after: at) < slash, rest.index(after: slash) < rest.endIndex, rest.startIndex < at
        else { throw .invalidValue(source, text, expected: expected) }
        if rest[..<at].contains(":") {
            throw .invalidValue(
                source, "(a URL with a password)", expected: "a URL without a password (set PGPASSWORD instead)")
        }
        return .postgres(url: text)
    }

    /// `30d`, `12h`, `90m`, `45s` (a positive whole number and a unit) as a duration; `nil` for
    /// anything else.
    static func duration(_ text: String) -> Duration? {
        guard let unit = text.last, let count = Int64(text.dropLast()), count > 0 else { return nil }
        let scale: Int64
        switch unit {
        case "d": scale = 86_400
        case "h": scale = 3_600
        case "m": scale = 60
        case "s": scale = 1
        default: return nil
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: scale)
        return overflow ? nil : .seconds(seconds)
    }
}
