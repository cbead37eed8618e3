import Foundation

/// `rxchain account devices --server URL [--user NAME] [--json]`: the account's signed-in devices.
struct AccountDevicesCommand: Command {
    let name = "devices"
    let summary = "list the account's signed-in devices"
    let signature = CommandSignature(
        options: [
            AccountCommand.serverOption, AccountCommand.userOption,
            .flag("json", help: "print one JSON object: {devices: [{device, signedInAt, current}]}"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try AccountCommand.withClient(arguments, context: context, signedIn: true) { client, _ in
            let devices = try await client.devices()
            if json {
                struct View: Encodable {
                    struct Device: Encodable {
                        var device: String
                        var signedInAt: String
                        var current: Bool
                    }
                    var devices: [Device]
                }
                try terminal.writeJSON(
                    View(
                        devices: devices.map {
                            View.Device(device: $0.device, signedInAt: Self.date($0.signedInAt), current: $0.current)
                        }))
            } else {
                for device in devices {
                    let marker = device.current ? "  (this device)" : ""
                    try terminal.writeLine(
                        "\(device.device)  signed in \(Self.date(device.signedInAt))\(marker)".escapingControlCharacters
                    )
                }
            }
            return .success
        }
    }

    /// Microseconds since 1970 in RFC 3339.
    static func date(_ microseconds: UInt64) -> String {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000).formatted(.iso8601)
    }
}
