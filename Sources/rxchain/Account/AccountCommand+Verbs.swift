import Foundation
import RxChainRemotes

/// The verbs of `rxchain account`.
extension AccountCommand {
    /// `signup --server URL --user NAME (--password-stdin | RXCHAIN_PASSWORD)`: creates an account
    /// (it does not sign in; `login` does).
    static let signup = AccountVerb(
        "signup", "create an account on the server", signedIn: false, options: [passwordOption]
    ) { arguments, context in
        let (password, user) = (
            try AccountCommand.password(arguments, context: context),
            try AccountCommand.user(arguments, required: true)!
        )
        return { client, _ in
            try await client.signUp(user: user, password: password)
            return Answer(["created account \(user) on \(client.server)"])
        }
    }

    /// `login --server URL --user NAME [--device NAME] (--password-stdin | RXCHAIN_PASSWORD)`: signs
    /// this device in and keeps the session under `RXCHAIN_HOME`. Signing in again with the same
    /// device name replaces that device's session on the server; other devices stay signed in.
    static let login = AccountVerb(
        "login", "sign this device in and keep its session", signedIn: false,
        options: [
            passwordOption,
            .value("device", placeholder: "NAME", help: "this device's name on the server (default: the host name)"),
        ]
    ) { arguments, context in
        let (password, user) = (
            try AccountCommand.password(arguments, context: context),
            try AccountCommand.user(arguments, required: true)!
        )
        let device = arguments.value("device") ?? ProcessInfo.processInfo.hostName
        if device.isEmpty { throw UsageError("option '--device' must not be empty") }
        return { client, store in
            let session = try await client.signIn(user: user, password: password, device: device)
            return Answer([
                "signed in as \(session.user) on \(session.server) (device \(session.device))",
                "session kept in \(try store.file(server: session.server, user: session.user).path)",
            ])
        }
    }

    /// `logout --server URL [--user NAME]`: ends this device's session on the server and forgets
    /// it here, even when the server cannot be reached (the session then ends on its own when the
    /// refresh token is never used again); exit 1 says the server was not told.
    static let logout = AccountVerb("logout", "sign this device out and forget its session") { _, context in
        { client, store in
            guard let session = client.session else { return Answer(exitCode: .failure) }
            var told = true
            do {
                try await client.signOut()
            } catch let error as ServerClientError {
                if case .notSignedIn = error {
                    // The server had ended it already: nothing left to tell it.
                } else {
                    context.terminal.writeErrorLine("\(context.commandLine): the server was not told: \(error)")
                    told = false
                }
            }
            try store.remove(server: session.server, user: session.user)
            return Answer(
                ["signed out \(session.user) on \(session.server) (device \(session.device))"],
                exitCode: told ? .success : .failure)
        }
    }

    /// `devices --server URL [--user NAME] [--json]`: the account's signed-in devices.
    static let devices = AccountVerb(
        "devices", "list the account's signed-in devices",
        options: [.flag("json", help: "print one JSON object: {devices: [{device, signedInAt, current}]}")]
    ) { _, _ in
        { client, _ in
            struct View: Encodable {
                struct Device: Encodable {
                    var device: String
                    var signedInAt: String
                    var current: Bool
                }
                var devices: [Device]
            }
            let devices = try await client.devices().map {
                View.Device(device: $0.device, signedInAt: date($0.signedInAt), current: $0.current)
            }
            let lines = devices.map { "\($0.device)  signed in \($0.signedInAt)\($0.current ? "  (this device)" : "")" }
            return Answer(lines, json: View(devices: devices))
        }
    }

    /// `revoke DEVICE --server URL [--user NAME]`: ends one of the account's device sessions; that
    /// device's tokens stop working at once.
    static let revoke = AccountVerb(
        "revoke", "end another device's session",
        arguments: [.required("DEVICE", help: "the device to sign out (see 'devices')")]
    ) { arguments, _ in
        let device = arguments.argument("DEVICE")!
        return { client, _ in
            try await client.revoke(device: device)
            return Answer(["revoked device \(device)"])
        }
    }

    /// `token --server URL [--user NAME] [--rotate] [--json]`: prints the account's API token, the
    /// secret a Toggl Track client sends as HTTP Basic `TOKEN:api_token`; `--rotate` replaces it
    /// first (the old token stops working at once). The only command that prints a secret, because
    /// it is asked for: on standard output, one line (or `{"user", "apiToken"}` with `--json`).
    static let token = AccountVerb(
        "token", "print the API token for Toggl-style clients (--rotate replaces it)",
        options: [
            .flag("rotate", help: "replace the token first: the old one stops working at once"),
            .flag("json", help: "print one JSON object: {user, apiToken}"),
        ]
    ) { arguments, _ in
        let rotate = arguments.flag("rotate")
        return { client, _ in
            struct View: Encodable {
                var user: String
                var apiToken: String
            }
            let token = try await client.apiToken(rotate: rotate)
            return Answer([token], json: View(user: client.session?.user ?? "", apiToken: token))
        }
    }

    /// Microseconds since 1970 in RFC 3339.
    private static func date(_ microseconds: UInt64) -> String {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000).formatted(.iso8601)
    }
}
