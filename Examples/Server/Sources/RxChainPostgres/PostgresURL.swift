import PostgresNIO
import RxChainServerStorage

/// `postgres://USER@HOST[:PORT]/DB` (or `postgresql://`), read into a client's configuration.
/// The password never comes from the URL (`rxchain-server` takes it from `PGPASSWORD`).
package struct PostgresURL: Sendable, Equatable {
    var user: String
    var host: String
    var port: Int
    var database: String

    /// - Throws: ``LogStoreError/unavailable(_:)`` naming what is wrong with `text`.
    package init(_ text: String) throws(LogStoreError) {
        func invalid(_ reason: String) -> LogStoreError {
            .unavailable("--storage: not a postgres://USER@HOST[:PORT]/DB URL (\(reason))")
        }
        guard let scheme = text.range(of: "://"), ["postgres", "postgresql"].contains(text[..<scheme.lowerBound])
        else { throw invalid("the scheme is not postgres://") }
        let rest = text[scheme.upperBound...]
        guard let at = rest.firstIndex(of: "@") else { throw invalid("no USER@") }
        let user = rest[..<at]
        guard !user.isEmpty, !user.contains(":") else { throw invalid("a user without a password is needed") }
        let address = rest[rest.index(after: at)...]
        guard let slash = address.firstIndex(of: "/") else { throw invalid("no /DB") }
        let database = address[address.index(after: slash)...]
        guard !database.isEmpty, !database.contains("?"), !database.contains("/") else {
            throw invalid("the database name")
        }
        var host = address[..<slash]
        var port = 5432
        if let colon = host.lastIndex(of: ":") {
            guard let number = Int(host[host.index(after: colon)...]), (1...65_535).contains(number) else {
                throw invalid("the port")
            }
            port = number
            host = host[..<colon]
        }
        guard !host.isEmpty else { throw invalid("no host") }
        self.user = String(user)
        self.host = String(host)
        self.port = port
        self.database = String(database)
    }

    /// The client's configuration: TCP without TLS (the server and its database on one private
    /// network), `password` for its authentication.
    package func configuration(password: String?) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: .disable)
        configuration.options.maximumConnections = 20
        return configuration
    }
}
