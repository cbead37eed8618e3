import Foundation
import RxChainDevice
import RxChainRemotes
import RxChainTestFixtures
import RxChainTesting
import Testing

/// The engine's device of server-ordered logs against a real `rxchain-server`: entries recorded
/// offline are kept, pushed once, confirmed in server order; other devices' entries arrive by
/// sync or live; a refused entry leaves the state; the local copy survives damage.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct ServerLogDeviceTests: ServerWorld {
    let directoryPrefix = "server-log-device"
    typealias Device = RxChainDevice.Device<NotesDomain>
    static let team = "playbooks/team/notes"

    func open(_ root: URL, _ name: String, user: String, server: String) async throws -> Device {
        try await Device.open(
            directory: root.appendingPathComponent(name), domain: NotesDomain(),
            setting: try ServerSetting(server: server, user: user),
            sessions: ServerSessionStore(home: root.appendingPathComponent("home-\(user)")),
            retry: .deterministic(base: .milliseconds(10), cap: .milliseconds(50)))
    }

    func note(_ id: String, _ text: String, by user: String, in log: String = team) -> NotesDomain.Note {
        NotesDomain.Note(id: id, ts: nil, log: log, creator: user, text: text)
    }

    /// Signs alice and bob in, and makes bob a member of the team's logs (alice owns them).
    func team(_ root: URL, _ server: ServerProcess) async throws {
        for user in ["alice", "bob"] {
            try await signIn(user, device: "d", server: server.url, home: root.appendingPathComponent("home-\(user)"))
        }
        let alice = try ServerClient(
            server: server.url,
            session: try ServerSessionStore(home: root.appendingPathComponent("home-alice"))
                .session(server: server.url, user: "alice"))
        #expect(try await alice.sendSigned("POST", "/families/playbooks/team/claim").status == 201)
        #expect(try await alice.sendSigned("PUT", "/families/playbooks/team/members/bob").status == 204)
    }

    @Test func twoDevicesConvergeInServerOrder() async throws {
        try await withServer { root, server in
            try await team(root, server)
            let a = try await open(root, "a", user: "alice", server: server.url)
            let b = try await open(root, "b", user: "bob", server: server.url)
            try await a.record(note("n1", "milk", by: "alice"))
            try await b.record(note("n2", "eggs", by: "bob"))
            #expect(await a.state == ["alice:milk"], "shown at once, before any sync")
            #expect(try await a.syncNow().pending == 0)
            let report = try await b.syncNow()
            #expect(report.pending == 0 && report.received == 2)
            try await a.syncNow()
            #expect(await a.state == ["alice:milk", "bob:eggs"])
            #expect(await b.state == ["alice:milk", "bob:eggs"])
            #expect(await a.store.state.fold.localEntries.isEmpty)
            await a.close()
            await b.close()
        }
    }

    @Test func aReopenedDeviceShowsWhatItHeldWithoutTheNetwork() async throws {
        try await withServer { root, server in
            try await team(root, server)
            var device = try await open(root, "a", user: "alice", server: server.url)
            try await device.record(note("n1", "milk", by: "alice"))
            try await device.syncNow()
            try await device.record(note("n2", "tea", by: "alice"))
            await device.close()
            _ = await server.stop()
            device = try await open(root, "a", user: "alice", server: server.url)
            #expect(await device.state == ["alice:milk", "alice:tea"])
            #expect(await device.store.state.fold.confirmedEntries.map(\.id) == ["n1"])
            #expect(await device.store.state.fold.localEntries.map(\.id) == ["n2"])
            #expect(device.problemsOnOpen.isEmpty)
            await device.close()
        }
    }

    @Test func aLostAnswerIsRetriedAndNeverDoublesAnEntry() async throws {
        try await withServer { root, server in
            try await team(root, server)
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            try await signIn(
                "alice", device: "d", server: proxy.endpoint, home: root.appendingPathComponent("home-alice"),
                signUp: false)
            let device = try await open(root, "a", user: "alice", server: proxy.endpoint)
            try await device.record(note("n1", "milk", by: "alice"))
            proxy.inject(.cutResponse, method: "POST")
            try await device.syncNow(maxFailures: 3)
            #expect(proxy.playedFaults == [.cutResponse])
            let reader = try await open(root, "b", user: "bob", server: server.url)
            try await reader.syncNow()
            #expect(await reader.state == ["alice:milk"])
            #expect(await device.state == ["alice:milk"])
            await device.close()
            await reader.close()
        }
    }

    @Test func anEntryTheServerRefusesLeavesTheStateAndIsListed() async throws {
        try await withServer { root, server in
            try await team(root, server)
            let device = try await open(root, "b", user: "bob", server: server.url)
            try await device.record(note("n1", "mine", by: "bob"))
            try await device.record(note("n2", "theirs", by: "bob", in: "playbooks/other/notes"))
            try await device.record(note("n3", "also mine", by: "bob"))
            // A member of `team` only: the other family is claimed by alice first.
            let alice = try ServerClient(
                server: server.url,
                session: try ServerSessionStore(home: root.appendingPathComponent("home-alice"))
                    .session(server: server.url, user: "alice"))
            #expect(try await alice.sendSigned("POST", "/families/playbooks/other/claim").status == 201)
            let report = try await device.syncNow()
            #expect(report.pending == 0 && report.deadLetters.count == 1)
            #expect(await device.state == ["bob:mine", "bob:also mine"])
            let refused = await device.store.state.refused
            #expect(refused.keys.sorted() == ["n2"])
            #expect(refused["n2"]?.contains("403") == true)
            await device.close()
        }
    }

    /// Grants travel in the queue with the entries, in order: recorded offline, done at the
    /// next sync; one the server refuses (not the owner) is listed and holds nothing up.
    @Test func membershipChangesAreQueuedWithTheEntries() async throws {
        try await withServer { root, server in
            for user in ["alice", "bob", "carol"] {
                try await signIn(
                    user, device: "d", server: server.url, home: root.appendingPathComponent("home-\(user)"))
            }
            let alice = try await open(root, "a", user: "alice", server: server.url)
            try await alice.record(note("n1", "milk", by: "alice"))  // the first append claims the family
            try await alice.changeMembership(of: "bob", in: "playbooks/team", member: true)
            let bob = try await open(root, "b", user: "bob", server: server.url)
            try await bob.changeMembership(of: "carol", in: "playbooks/team", member: true)
            try await bob.record(note("n2", "eggs", by: "bob"))
            try await alice.syncNow()
            let report = try await bob.syncNow()
            #expect(report.deadLetters.count == 1 && report.pending == 0)
            #expect(await bob.store.state.refused["grant playbooks/team carol"]?.contains("403") == true)
            #expect(await bob.state == ["alice:milk", "bob:eggs"])
            let carol = try await open(root, "c", user: "carol", server: server.url)
            try await carol.syncNow()
            #expect(await carol.state.isEmpty, "carol was never granted")
            try await alice.changeMembership(of: "bob", in: "playbooks/team", member: false)
            try await alice.syncNow()
            try await bob.record(note("n3", "late", by: "bob"))
            try await bob.syncNow()
            #expect(await bob.store.state.refused["n3"]?.contains("403") == true)
            #expect(await bob.state == ["alice:milk", "bob:eggs"])
            for device in [alice, bob, carol] { await device.close() }
        }
    }

    /// A write of the local copy that a crash cut short (a last line without its newline) is cut
    /// on open: nothing reported, nothing lost (it was never covered by a saved cursor).
    @Test func aTornLastLineOfTheLocalCopyIsCut() async throws {
        try await withServer { root, server in
            try await team(root, server)
            var device = try await open(root, "a", user: "alice", server: server.url)
            try await device.record(note("n1", "milk", by: "alice"))
            try await device.syncNow()
            await device.close()
            let entries = root.appendingPathComponent("a/logs/entries.ndjson")
            let whole = try Data(contentsOf: entries)
            let line = whole.prefix(through: whole.firstIndex(of: UInt8(ascii: "\n"))!)
            try (whole + line.prefix(line.count / 2)).write(to: entries)

            device = try await open(root, "a", user: "alice", server: server.url)
            #expect(device.problemsOnOpen.isEmpty)
            #expect(try Data(contentsOf: entries) == whole)
            #expect(await device.state == ["alice:milk"])
            await device.close()
        }
    }

    @Test func aDamagedLocalCopyIsQuarantinedAndReadAgainFromTheServer() async throws {
        try await withServer { root, server in
            try await team(root, server)
            var device = try await open(root, "a", user: "alice", server: server.url)
            for (id, text) in [("n1", "milk"), ("n2", "tea"), ("n3", "jam")] {
                try await device.record(note(id, text, by: "alice"))
            }
            try await device.syncNow()
            await device.close()
            let entries = root.appendingPathComponent("a/logs/entries.ndjson")
            var bytes = try Data(contentsOf: entries)
            let secondLine = bytes.firstIndex(of: UInt8(ascii: "\n"))! + 1
            bytes[secondLine + 12] ^= 0x01
            try bytes.write(to: entries)

            device = try await open(root, "a", user: "alice", server: server.url)
            #expect(device.problemsOnOpen.count == 1)
            #expect(device.problemsOnOpen.first?.contains("quarantine/entries-\(secondLine)") == true)
            #expect(await device.state == ["alice:milk", "alice:jam"])
            let copy = root.appendingPathComponent("a/logs/quarantine/entries-\(secondLine)")
            #expect(FileManager.default.fileExists(atPath: copy.path))
            try await device.syncNow()
            #expect(await device.state == ["alice:milk", "alice:tea", "alice:jam"])
            await device.close()
        }
    }

    /// A follower whose server goes away (killed) keeps trying from its saved cursor and, once
    /// the server is back on the same address and data, receives what was appended meanwhile.
    @Test(.timeLimit(.minutes(10)))  // a guard against a follower that never comes back, not a timing check
    func aFollowThatFailedRestartsFromItsCursor() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(directoryPrefix)-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        var server = try await ServerProcess.start(data: data)
        let port = try #require(server.url.split(separator: ":").last.map(String.init))
        try await team(root, server)
        let writer = try await open(root, "a", user: "alice", server: server.url)
        let follower = try await open(root, "b", user: "bob", server: server.url)
        let (events, continuation) = AsyncStream<FollowEvent>.makeStream()
        let following = Task { try await follower.follow(interval: .seconds(2)) { continuation.yield($0) } }
        var iterator = events.makeAsyncIterator()
        guard case .synced = await iterator.next() else {
            Issue.record("the follower syncs first")
            return
        }
        server.send(SIGKILL)
        _ = await server.waitUntilExit()
        // The follower notices, and keeps trying.
        while let event = await iterator.next() {
            if case .unreachable = event { break }
        }
        server = try await ServerProcess.start(data: data, arguments: ["--port", port])
        try await writer.record(note("n1", "after the restart", by: "alice"))
        try await writer.syncNow()
        while let event = await iterator.next() {
            if case .received = event { break }
        }
        #expect(await follower.state == ["alice:after the restart"])
        following.cancel()
        _ = try? await following.value
        await writer.close()
        await follower.close()
        await server.stop()
    }

    @Test func aFollowerReceivesAnotherDevicesEntryLive() async throws {
        try await withServer { root, server in
            try await team(root, server)
            let writer = try await open(root, "a", user: "alice", server: server.url)
            let follower = try await open(root, "b", user: "bob", server: server.url)
            let (events, continuation) = AsyncStream<FollowEvent>.makeStream()
            let following = Task {
                try await follower.follow(interval: .seconds(5)) { continuation.yield($0) }
            }
            var iterator = events.makeAsyncIterator()
            guard case .synced = await iterator.next() else {
                Issue.record("the follower syncs first")
                return
            }
            try await writer.record(note("n1", "milk", by: "alice"))
            try await writer.syncNow()
            while let event = await iterator.next() {
                if case .received = event { break }
            }
            #expect(await follower.state == ["alice:milk"])
            // Its own entries go out as they are recorded, while it follows.
            try await follower.record(note("n2", "eggs", by: "bob"))
            while let event = await iterator.next() {
                if case .received = event, await follower.store.state.fold.localEntries.isEmpty { break }
            }
            following.cancel()
            _ = try? await following.value
            try await writer.syncNow()
            #expect(await writer.state == ["alice:milk", "bob:eggs"])
            await writer.close()
            await follower.close()
        }
    }
}
