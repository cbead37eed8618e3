import Foundation
import Testing

@testable import RxChainServer

@Suite struct ServerKeyTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("server-key-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func mode(of path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func aMissingKeyIsCreatedOwnerOnlyAndTheSameKeyIsReadBack() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try ServerKey.loadOrCreate(inDirectory: directory)
        let path = directory + "/" + ServerKey.fileName
        #expect(try mode(of: path) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 32)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [ServerKey.fileName])
        let reread = try ServerKey.loadOrCreate(inDirectory: directory)
        let claims = AccessToken(user: "alice", device: "d", session: "s", expiresAt: 1)
        #expect(claims.signed(with: created) == claims.signed(with: reread))
        #expect(claims.signed(with: created) != claims.signed(with: ServerKey.generate()))
    }

    @Test func aKeyFileOthersCanReadIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try ServerKey.loadOrCreate(inDirectory: directory)
        let path = directory + "/" + ServerKey.fileName
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(throws: ServerKeyError.tooOpen(path: path, mode: 0o644)) {
            try ServerKey.loadOrCreate(inDirectory: directory)
        }
    }

    @Test func aKeyFileOfTheWrongLengthIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + ServerKey.fileName
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(count: 31), attributes: [.posixPermissions: 0o600]))
        #expect(throws: ServerKeyError.wrongLength(path: path, length: 31)) {
            try ServerKey.loadOrCreate(inDirectory: directory)
        }
    }

    @Test func aMissingDirectoryIsASystemCallError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)")
            .path
        #expect(throws: ServerKeyError.self) { try ServerKey.loadOrCreate(inDirectory: directory) }
    }

    @Test func keysMustBe32BytesAndNeverShowThem() throws {
        #expect(throws: ServerKeyError.wrongLength(path: "", length: 31)) {
            try ServerKey(bytes: [UInt8](repeating: 7, count: 31))
        }
        let key = try ServerKey(bytes: [UInt8](repeating: 0xab, count: 32))
        #expect(!key.description.lowercased().contains("ab"))
        #expect(!String(reflecting: key).contains("171"))
    }
}

extension ServerKeyTests {
    @Test func dumpShowsNeitherTheKeyNorTheTokens() throws {
        let key = try ServerKey(bytes: [UInt8](repeating: 0xab, count: 32))
        var keyDump = ""
        dump(key, to: &keyDump)
        #expect(!keyDump.contains("171"))
        let tokens = SessionTokens(
            user: "alice", device: "d", session: "s", accessToken: "ACCESS-SECRET", accessTokenExpiresAt: 1,
            refreshToken: "REFRESH-SECRET")
        var tokensDump = ""
        dump(tokens, to: &tokensDump)
        #expect(!tokensDump.contains("SECRET"))
        #expect(tokensDump.contains("alice"))
    }
}
