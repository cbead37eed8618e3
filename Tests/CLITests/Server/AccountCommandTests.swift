import Foundation
import RxChainTesting
import Testing

/// `rxchain account` against a real `rxchain-server`: sign-up, sign-in per device, the kept
/// session, devices, revoke and logout, and the secrets that must never show.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct AccountCommandTests: ServerSuite {
    let directoryPrefix = "account-cli"

    @Test func aSignedInDeviceKeepsItsSessionPrivateAndSignsOut() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            let password = "s3cret-Pass phrase"
            try await signIn("alice", password: password, device: "laptop", server: server.url, home: home)

            let sessions = home.appendingPathComponent("sessions")
            let files = try FileManager.default.contentsOfDirectory(atPath: sessions.path)
            #expect(files.count == 1, "\(files)")
            let file = sessions.appendingPathComponent(try #require(files.first))
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let directoryAttributes = try FileManager.default.attributesOfItem(atPath: sessions.path)
            #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)
            let kept = try String(contentsOf: file, encoding: .utf8)
            #expect(!kept.contains(password), "the password is never kept")
            let session = try #require(try JSONSerialization.jsonObject(with: Data(kept.utf8)) as? [String: Any])
            let token = try #require(session["accessToken"] as? String)
            let refresh = try #require(session["refreshToken"] as? String)

            let devices = try await rxchain(["account", "devices", "--server", server.url, "--json"], home: home)
            #expect(devices.exitCode == 0, "\(devices)")
            let listed = try #require(
                try JSONSerialization.jsonObject(with: Data(devices.stdout.utf8)) as? [String: Any])
            let entries = try #require(listed["devices"] as? [[String: Any]])
            #expect(entries.map { $0["device"] as? String } == ["laptop"])
            #expect(entries.first?["current"] as? Bool == true)

            let logout = try await rxchain(["account", "logout", "--server", server.url], home: home)
            #expect(logout.exitCode == 0, "\(logout)")
            #expect(!FileManager.default.fileExists(atPath: file.path), "the session is forgotten")
            let after = try await rxchain(["account", "devices", "--server", server.url], home: home)
            #expect(after.exitCode == 1)
            #expect(after.stderr.contains("not signed in"), "\(after)")

            for output in [devices.stdout, devices.stderr, logout.stdout, logout.stderr, after.stderr, server.log] {
                #expect(!output.contains(password) && !output.contains(token) && !output.contains(refresh))
            }
        }
    }

    @Test func aPasswordComesOnlyFromStandardInputOrTheEnvironment() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            let asArgument = try await rxchain(
                ["account", "signup", "--server", server.url, "--user", "alice", "--password", "pw"], home: home)
            #expect(asArgument.exitCode == 2, "\(asArgument)")
            let none = try await rxchain(["account", "signup", "--server", server.url, "--user", "alice"], home: home)
            #expect(none.exitCode == 2)
            #expect(none.stderr.contains("--password-stdin or RXCHAIN_PASSWORD"), "\(none)")
            let fromEnvironment = try await rxchain(
                ["account", "signup", "--server", server.url, "--user", "alice"], home: home,
                environment: ["RXCHAIN_PASSWORD": "from the environment"])
            #expect(fromEnvironment.exitCode == 0, "\(fromEnvironment)")
            let login = try await rxchain(
                ["account", "login", "--server", server.url, "--user", "alice", "--device", "d"], home: home,
                environment: ["RXCHAIN_PASSWORD": "from the environment"])
            #expect(login.exitCode == 0, "\(login)")
        }
    }

    @Test func aWrongPasswordOrATakenNameIsRefusedWithExitOne() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", password: "right one", device: "d1", server: server.url, home: home)
            let taken = try await rxchain(
                ["account", "signup", "--server", server.url, "--user", "alice", "--password-stdin"], home: home,
                stdin: "another\n")
            #expect(taken.exitCode == 1)
            #expect(taken.stderr.contains("409"), "\(taken)")
            let wrong = try await rxchain(
                ["account", "login", "--server", server.url, "--user", "alice", "--device", "d2", "--password-stdin"],
                home: home, stdin: "wrong one\n")
            #expect(wrong.exitCode == 1)
            #expect(wrong.stderr.contains("401"), "\(wrong)")
            let badName = try await rxchain(
                ["account", "signup", "--server", server.url, "--user", "../etc", "--password-stdin"], home: home,
                stdin: "pw\n")
            #expect(badName.exitCode == 2)
            #expect(badName.stderr.contains("--user"), "\(badName)")
        }
    }

    /// The example server hands the connection's peer address to the core: guesses across many
    /// names from one address (here 127.0.0.1) make that address wait, whatever the name. Each
    /// guess names a user of its own, so no name's own count is ever reached: twenty are free,
    /// then the address waits (a guess made while it waits is refused before any check).
    @Test func guessesAcrossManyNamesFromOneAddressMakeItWait() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            var refusals: [String] = []
            for name in 1...30 {
                let guess = try await rxchain(
                    [
                        "account", "login", "--server", server.url, "--user", "guess\(name)", "--device", "d",
                        "--password-stdin",
                    ], home: home, stdin: "wrong\n")
                #expect(guess.exitCode == 1, "\(name): \(guess)")
                if name <= 20 {
                    #expect(guess.stderr.contains("401"), "\(name): \(guess)")
                } else if guess.stderr.contains("429") {
                    refusals.append(guess.stderr)
                }
            }
            #expect(!refusals.isEmpty, "no guess after the twentieth was made to wait")
            #expect(refusals.allSatisfy { $0.contains("too_many_attempts") }, "\(refusals)")
        }
    }

    @Test func theAPITokenIsPrintedOnRequestAndARotationReplacesIt() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "laptop", server: server.url, home: home)
            let shown = try await rxchain(["account", "token", "--server", server.url], home: home)
            #expect(shown.exitCode == 0, "\(shown)")
            let token = shown.stdout.trimmingCharacters(in: .newlines)
            #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(shown)")
            let again = try await rxchain(["account", "token", "--server", server.url, "--json"], home: home)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
            #expect(object["apiToken"] as? String == token && object["user"] as? String == "alice")
            let rotated = try await rxchain(["account", "token", "--server", server.url, "--rotate"], home: home)
            #expect(rotated.exitCode == 0, "\(rotated)")
            let new = rotated.stdout.trimmingCharacters(in: .newlines)
            #expect(new.count == 32 && new != token)
            #expect(
                try await rxchain(["account", "token", "--server", server.url], home: home).stdout
                    == new + "\n")
            let signedOut = try await rxchain(["account", "token", "--server", "http://127.0.0.1:1"], home: home)
            #expect(signedOut.exitCode == 1, "no session for that server: \(signedOut)")
        }
    }

    @Test func revokingADeviceSignsOnlyThatDeviceOut() async throws {
        try await withServer { root, server in
            let (phone, laptop) = (root.appendingPathComponent("phone"), root.appendingPathComponent("laptop"))
            try await signIn("alice", device: "phone", server: server.url, home: phone)
            try await signIn("alice", device: "laptop", server: server.url, home: laptop, signUp: false)
            let revoke = try await rxchain(["account", "revoke", "phone", "--server", server.url], home: laptop)
            #expect(revoke.exitCode == 0, "\(revoke)")
            let revoked = try await rxchain(["account", "devices", "--server", server.url], home: phone)
            #expect(revoked.exitCode == 1, "the revoked device's tokens stop working: \(revoked)")
            let still = try await rxchain(["account", "devices", "--server", server.url], home: laptop)
            #expect(still.exitCode == 0, "\(still)")
            #expect(still.stdout.contains("laptop") && !still.stdout.contains("phone"), "\(still)")
        }
    }
}
