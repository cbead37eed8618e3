/// One signed-in device of a user, as ``Accounts/devices(of:)`` lists it.
public struct DeviceSession: Hashable, Sendable {
    /// The device's name, as given at login.
    public let device: String
    /// The device's current session.
    public let session: String
    /// The server `ts` (microseconds since 1970, see ``LogBook``) of the login.
    public let signedInAt: UInt64
    /// The server `ts` of the last refresh, or of the login if the session never refreshed.
    public let refreshedAt: UInt64

    /// Creates a listing row.
    public init(device: String, session: String, signedInAt: UInt64, refreshedAt: UInt64) {
        self.device = device
        self.session = session
        self.signedInAt = signedInAt
        self.refreshedAt = refreshedAt
    }
}
