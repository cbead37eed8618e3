import Foundation

/// A fresh PostgreSQL cluster for the server benchmark's baselines and its PostgreSQL storage:
/// `initdb` in a temporary directory, reachable through a unix socket in that directory and on
/// 127.0.0.1 (the server's storage connects over TCP), with `fsync = on` and
/// `synchronous_commit = on`, and the table `appends`.
///
/// PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (or
/// `nobody` where there is none), which owns the directory. Clients (pgbench, psql, Python)
/// connect as the cluster's superuser `bench` with trust authentication (the socket in that
/// private directory, and loopback TCP: a benchmark's throwaway cluster only).
struct PostgresCluster {
    /// The cluster's directory (data, socket, log); removed by ``stop()``.
    let root: String
    /// The directory of the server binaries (`initdb`, `pg_ctl`, `psql`, `pgbench`).
    let binaries: String
    /// The port naming the socket (`.s.PGSQL.PORT` in ``root``), a free one.
    let port: Int

    var data: String { root + "/data" }
    /// A libpq connection string for the superuser `bench`.
    var conninfo: String { "host=\(root) port=\(port) user=bench dbname=postgres" }

    /// Creates and starts the cluster, installing Debian's `postgresql` if no server is found.
    static func start() async throws -> PostgresCluster {
        var binaries = findBinaries()
        if binaries == nil {
            try await ChildProcess.ensureInstalled(command: "pg_ctlcluster", package: "postgresql")
            binaries = findBinaries()
        }
        guard let binaries else {
            throw ChildProcess.Failure(description: "no PostgreSQL server (initdb) under /usr/lib/postgresql")
        }
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-bench-pg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let cluster = PostgresCluster(root: root, binaries: binaries, port: try freePort())
        do {
            try await cluster.boot()
        } catch {
            await cluster.stop()
            throw error
        }
        return cluster
    }

    /// `initdb`, `pg_ctl start`, and the table.
    private func boot() async throws {
        try handOverDirectory()
        try await asOwner("\(binaries)/initdb", ["-D", data, "-U", "bench", "--auth=trust", "-E", "UTF8"]).run()
        let settings = [
            "-k \(root)", "-p \(port)", "-c listen_addresses=127.0.0.1", "-c fsync=on", "-c synchronous_commit=on",
            "-c max_connections=200",
        ]
        try await asOwner(
            "\(binaries)/pg_ctl",
            ["-D", data, "-l", root + "/postgres.log", "-w", "-o", settings.joined(separator: " "), "start"]
        ).run()
        try await psql(
            "CREATE TABLE appends (id text PRIMARY KEY, log text NOT NULL, body jsonb NOT NULL, ts bigint NOT NULL)")
    }

    /// A new empty database's `--storage` URL.
    func freshDatabase(_ name: String) async throws -> String {
        try await psql("CREATE DATABASE \(name)")
        return "postgres://bench@127.0.0.1:\(port)/\(name)"
    }

    /// Runs one SQL command as `bench`.
    func psql(_ sql: String) async throws {
        try await ChildProcess(
            "\(binaries)/psql", ["-h", root, "-p", "\(port)", "-U", "bench", "-d", "postgres", "-qAt", "-c", sql]
        ).run()
    }

    /// Stops the cluster (fast shutdown) if it runs, and removes its directory.
    func stop() async {
        _ = try? await asOwner("\(binaries)/pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]).runAllowingFailure()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The command run as the cluster's owner: as root, through `runuser` (or `setpriv` to `nobody`).
    private func asOwner(_ executable: String, _ arguments: [String]) -> ChildProcess {
        guard getuid() == 0 else { return ChildProcess(executable, arguments) }
        if getpwnam("postgres") != nil {
            return ChildProcess("runuser", ["-u", "postgres", "--", executable] + arguments)
        }
        return ChildProcess(
            "setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", executable] + arguments)
    }

    /// As root, gives ``root`` to the user PostgreSQL runs as.
    private func handOverDirectory() throws {
        guard getuid() == 0 else { return }
        guard let owner = getpwnam("postgres") ?? getpwnam("nobody") else {
            throw ChildProcess.Failure(description: "no 'postgres' or 'nobody' user to run PostgreSQL as")
        }
        guard chown(root, owner.pointee.pw_uid, owner.pointee.pw_gid) == 0 else {
            throw ChildProcess.Failure(description: "cannot chown \(root): errno \(errno)")
        }
    }

    /// The newest `/usr/lib/postgresql/N/bin` holding `initdb`.
    private static func findBinaries() -> String? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.compactMap(Int.init).sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    /// A TCP port of 127.0.0.1 nobody listens on now (the kernel's pick for port 0).
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ChildProcess.Failure(description: "socket: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw ChildProcess.Failure(description: "bind: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
