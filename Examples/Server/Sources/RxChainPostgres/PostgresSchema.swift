import Logging
import PostgresNIO
import RxChainServerStorage

/// The tables of ``PostgresLogStorage``, created and migrated by the server itself.
///
/// ```
/// rxchain_schema   (version)                              the schema version this database is at
/// rxchain_clock    (last_ts)                              one row: the last ts handed out; every
///                                                          append locks it, so appends commit in ts order
/// rxchain_logs     (log PRIMARY KEY, revision)            each log's entry count
/// rxchain_entries  (ts PRIMARY KEY, log, seq, id,         every entry; UNIQUE (log, seq) and
///                   creator, body bytea)                  UNIQUE (log, id): the idempotency key;
///                                                          an index of the reserved logs' ts (v2)
/// ```
///
/// ``migrate(_:logger:)`` runs under a transaction-scoped advisory lock, so instances starting
/// together migrate once; each step runs in that transaction with the version it brings, so a
/// crash leaves the database at the old version or the new one. A database at a version newer
/// than this server knows is refused (an older server must not write a newer schema).
enum PostgresSchema {
    /// The version this server brings the database to.
    static let version = 2
    /// The advisory lock key migrations take ("rxchain" in ASCII, as a number).
    static let migrationLock: Int64 = 0x72_78_63_68_61_69_6E

    /// The steps, in order: step `n` brings the database from version `n - 1` to `n`.
    static let steps: [[PostgresQuery]] = [
        [
            """
            CREATE TABLE rxchain_clock (
                singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                last_ts bigint NOT NULL)
            """,
            "INSERT INTO rxchain_clock (last_ts) VALUES (0)",
            "CREATE TABLE rxchain_logs (log text PRIMARY KEY, revision bigint NOT NULL)",
            """
            CREATE TABLE rxchain_entries (
                ts bigint PRIMARY KEY,
                log text NOT NULL,
                seq bigint NOT NULL,
                id text NOT NULL,
                creator text NOT NULL,
                body bytea NOT NULL,
                UNIQUE (log, seq),
                UNIQUE (log, id))
            """,
        ],
        [
            // The reserved logs, which every instance catches up with before each request: read
            // after a `ts` without scanning the other logs' entries.
            "CREATE INDEX rxchain_entries_reserved ON rxchain_entries (ts) WHERE log LIKE 'server/%'"
        ],
    ]

    /// Brings the database to ``version``.
    ///
    /// - Throws: ``LogStoreError/unavailable(_:)`` for a database at a newer version, or one
    ///   that cannot be reached.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS rxchain_schema (version integer NOT NULL)", logger: logger)
            var current = 0
            for try await version in try await connection.query("SELECT version FROM rxchain_schema", logger: logger)
                .decode(Int.self)
            {
                current = max(current, version)
            }
            guard current <= version else {
                throw LogStoreError.unavailable(
                    "the database is at schema version \(current), newer than this server's \(version): "
                        + "run a server of that version")
            }
            for (index, step) in steps.enumerated() where index + 1 > current {
                for statement in step { try await connection.query(statement, logger: logger) }
            }
            if current < version {
                try await connection.query("DELETE FROM rxchain_schema", logger: logger)
                try await connection.query("INSERT INTO rxchain_schema (version) VALUES (\(version))", logger: logger)
                logger.notice("database schema migrated", metadata: ["from": "\(current)", "to": "\(version)"])
            }
        }
    }
}
