extension LogName {
    /// The first segment of the server's own logs (`server/families`, `server/accounts`, …).
    public static let reservedPrefix = "server"

    /// `true` for the server's own logs, under `server/`: clients never read or write them, and
    /// no `LogPattern` ever matches them.
    public var isReserved: Bool { segments.first == Self.reservedPrefix }
}
