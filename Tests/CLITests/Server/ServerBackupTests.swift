import Foundation
import RxChain
import RxChainJSON
import RxChainRemotes
import RxChainTesting
import Synchronization
import Testing

/// The README's backup of a running server (`server.key`, then the journal segments listed first
/// and copied in order) taken while appends go on: a server opened on the copy starts, and each
/// log it holds is a prefix of what the running server acknowledged, entry for entry.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct ServerBackupTests: ServerSuite {
    let directoryPrefix = "server-backup"

    /// The README's commands, as written there, from `DATA` into `$BACKUP`.
    static let backupScript = """
        cd "$1" && BACKUP="$2" && mkdir -p "$BACKUP/logs" && cp -p server.key "$BACKUP/"
        for segment in $(ls logs/journal-*.log | sort); do cp -p "$segment" "$BACKUP/logs/"; done
        """

    /// What the appending clients were told (`seq` → id), and whether to stop.
    final class Progress: Sendable {
        let acknowledged = Mutex<[UInt64: String]>([:])
        let stop = Mutex(false)
    }

    @Test func aCopyTakenWhileAppendsRunOpensAndHoldsAPrefixOfWhatWasAcknowledged() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(directoryPrefix)-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        let server = try await ServerProcess.start(data: data, arguments: ["--password-iterations", "1000"])
        let home = root.appendingPathComponent("home")
        try await signIn("alice", device: "d", server: server.url, home: home)
        let session = try ServerSessionStore(home: home).session(server: server.url, user: "alice")

        // Appends from two clients until told to stop; each acknowledged id with its seq.
        let progress = Progress()
        let clients = try (0..<2).map { _ in try ServerClient(server: server.url, session: session) }
        let burst = Task {
            await withTaskGroup(of: Void.self) { group in
                for (number, client) in clients.enumerated() {
                    group.addTask {
                        var index = 0
                        while !progress.stop.withLock({ $0 }) {
                            let id = "c\(number)-\(index)"
                            let body = Array(#"{"entries":[{"id":"\#(id)","body":{"n":\#(index)}}]}"#.utf8)
                            guard
                                let answer = try? await client.sendSigned(
                                    "POST", "/logs/users/alice/actions", body: body),
                                let seq = try? answer.read({ reader throws(JSONFieldError) in
                                    try reader.objects("results")[0].count("seq")
                                })
                            else { return }
                            progress.acknowledged.withLock { $0[seq] = id }
                            index += 1
                        }
                    }
                }
            }
        }
        // Copy once some appends were acknowledged (a condition, not a sleep), while they go on.
        while progress.acknowledged.withLock({ $0.count }) < 200 { await Task.yield() }
        let backup = root.appendingPathComponent("backup")
        let copy = try await runChild(
            URL(fileURLWithPath: "/bin/sh"), ["-c", Self.backupScript, "backup", data.path, backup.path])
        #expect(copy.status == 0, "\(copy.stderr)")
        progress.stop.withLock { $0 = true }
        await burst.value
        #expect(await server.stop() == 0)

        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: backup.path)
        let restored = try await ServerProcess.start(data: backup, arguments: ["--password-iterations", "1000"])
        let client = try ServerClient(server: restored.url, session: session)
        var entries: [(seq: UInt64, id: String)] = []
        var cursor: UInt64 = 0
        while true {
            let page = try await client.sendSigned(
                "GET", "/logs/users/alice/actions", query: [("after", String(cursor))])
            try page.requireSuccess()
            let read = try page.read { reader throws(JSONFieldError) -> [(UInt64, String)] in
                var read: [(UInt64, String)] = []
                for entry in try reader.objects("entries") {
                    read.append((try entry.count("seq"), try entry.string("id")))
                }
                return read
            }
            if read.isEmpty { break }
            entries += read.map { (seq: $0.0, id: $0.1) }
            cursor = read.last!.0
        }
        #expect(await restored.stop() == 0)
        let original = progress.acknowledged.withLock { $0 }
        #expect(!entries.isEmpty && entries.count <= original.count)
        for (position, entry) in entries.enumerated() {
            #expect(entry.seq == UInt64(position + 1), "the copy is a prefix, with no gap")
            #expect(
                original[entry.seq] == nil || original[entry.seq] == entry.id,
                "seq \(entry.seq) is what was acknowledged")
        }
        print("backup while appending: \(entries.count) of \(original.count) acknowledged entries in the copy")
    }
}
