import Foundation

/// A new device id a ``PlaybookTransport`` took because the playbook holds lines with the old
/// one that this device did not write (see ``DeviceIdentity``).
package struct DeviceIDChange: Sendable, Equatable, Codable {
    /// The id given up.
    package var from: String
    /// The id the pending actions (and every later one) carry now.
    package var to: String
    /// What was found: the actionIds of the lines this device did not write.
    package var reason: String
    /// When the change was made.
    package var at: Date

    /// Records a change.
    package init(from: String, to: String, reason: String, at: Date) {
        self.from = from
        self.to = to
        self.reason = reason
        self.at = at
    }
}
