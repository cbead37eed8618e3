import Foundation
import Logging
import PostgresNIO
import RxChainPostgres
import RxChainServer
import Testing

/// The database the tests run against: `RXCHAIN_POSTGRES_URL` (with `PGPASSWORD`), which
/// `.ci/postgres run` sets for the command it runs. Without it a test records an issue and fails:
/// run the tests through `.ci/postgres run swift test --package-path Examples/Server`.
enum PostgresDatabase {
    static var url: String {
        get throws {
            guard let url = ProcessInfo.processInfo.environment["RXCHAIN_POSTGRES_URL"] else {
                Issue.record(
                    "RXCHAIN_POSTGRES_URL is not set: run `.ci/postgres run swift test --package-path Examples/Server`")
                throw CancellationError()
            }
            return url
        }
    }

    static var password: String? { ProcessInfo.processInfo.environment["PGPASSWORD"] }

    static let logger: Logger = {
        var logger = Logger(label: "rxchain-postgres-tests")
        logger.logLevel = .warning
        return logger
    }()

    /// A storage over the test database (every check writes logs of its own).
    static func open() async throws -> PostgresLogStorage {
        try await PostgresLogStorage.open(url: try url, password: password, logger: logger)
    }
}

extension PostgresLogStorage {
    /// Ends every connection whose `application_name` is `applicationName`
    /// (`pg_terminate_backend`), from a connection of this storage's own.
    func terminateBackends(applicationName: String) async throws {
        let configuration = try PostgresURL(try PostgresDatabase.url).configuration(password: PostgresDatabase.password)
        let client = PostgresClient(configuration: configuration, backgroundLogger: PostgresDatabase.logger)
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await client.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(applicationName)")
    }
}

extension PostgresDatabase {
    /// A new, empty database on the test server, named afresh; its URL.
    static func fresh() async throws -> String {
        let base = try url
        let name = "rxchain_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let configuration = try PostgresURL(base).configuration(password: password)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        return String(base[..<base.lastIndex(of: "/")!]) + "/" + name
    }
}
