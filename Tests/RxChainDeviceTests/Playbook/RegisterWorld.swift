import Foundation
import RxChainCore
import RxChainDevice
import RxChainLogs
import RxChainRemotes
import RxChainTestFixtures

/// Register devices in a temporary root, syncing with one playbook (a directory or S3), and
/// the checks the directory and S3 suites share.
struct RegisterWorld {
    typealias Device = RxChainDevice.Device<RegisterDomain>

    let root: URL
    let remote: RemoteSetting
    var credentials: S3Credentials?

    /// A world whose playbook is a file in the root (its directory exists, as a share's would).
    static func directory(_ body: (RegisterWorld) async throws -> Void) async throws {
        try await with { root in
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("remote"), withIntermediateDirectories: true)
            try await body(
                RegisterWorld(root: root, remote: try RemoteSetting(parsing: root.path + "/remote/playbook.ndjson")))
        }
    }

    /// A world whose playbook is at an S3 `location` of the test server.
    static func s3(_ location: String, _ body: (RegisterWorld) async throws -> Void) async throws {
        try await with { root in
            let remote = try RemoteSetting(parsing: location, endpoint: S3TestServer.endpoint)
            try await body(RegisterWorld(root: root, remote: remote, credentials: S3TestServer.credentials))
        }
    }

    private static func with(_ body: (URL) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("register-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try await body(root)
    }

    /// Opens (creating with device id `name`, so its lines read `"actionId":"name:<seq>"`) the
    /// device `name`, offline (it syncs when told); `remote: nil` uses the remembered one.
    func open(_ name: String, remote: RemoteSetting? = nil) async throws -> Device {
        let directory = root.appendingPathComponent(name)
        let queue = Device.queueDirectory(of: directory)
        if !FileManager.default.fileExists(atPath: queue.path) {
            try FileManager.default.createDirectory(at: queue, withIntermediateDirectories: true)
            let opened = try await SyncQueue.open(directory: queue)
            do {
                try await opened.changeDeviceID(to: name)
            } catch {
                await opened.close()
                throw error
            }
            await opened.close()
        }
        var options = DeviceOptions()
        options.remote = remote
        options.startsOnline = false
        options.s3Credentials = credentials
        return try await Device.open(directory: directory, domain: RegisterDomain(), options: options)
    }

    /// The playbook's bytes.
    func playbook() async throws -> Data {
        try await remote.makeRemote(credentials: credentials).read(after: nil).lines
    }

    /// The replay of the playbook.
    func replay() async throws -> PlaybookReplay<RegisterDomain> {
        PlaybookReplay.replay(try await playbook(), domain: RegisterDomain())
    }
}
