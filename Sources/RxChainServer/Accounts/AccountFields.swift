import RxChainJSON

/// The checks on the names and passwords an account operation receives, each refusing with
/// ``AccountError/invalidField(field:problem:)`` naming the field and never repeating its value.
enum AccountFields {
    /// The most bytes a user or device name may have.
    static let maximumNameLength = AccountName.maximumLength
    /// The most UTF-8 bytes a password may have (stretching cost does not grow with it, but a
    /// bound keeps requests small).
    static let maximumPasswordLength = 1024

    /// A user name is a valid log-name segment without dots: 1 to 64 ASCII letters, digits,
    /// `-` or `_` (it appears in log names such as `users/alice/actions`).
    static func checkUser(_ user: String) throws(AccountError) {
        guard AccountName.isValid(user) else {
            throw .invalidField(
                field: "user", problem: "must be 1 to \(maximumNameLength) ASCII letters, digits, '-' or '_'")
        }
    }

    /// A device name: 1 to 64 ASCII letters, digits, `-`, `_` or `.`.
    static func checkDevice(_ device: String) throws(AccountError) {
        guard AccountName.isValid(device, allowingDots: true) else {
            throw .invalidField(
                field: "device", problem: "must be 1 to \(maximumNameLength) ASCII letters, digits, '-', '_' or '.'")
        }
    }

    /// A password is not empty and at most ``maximumPasswordLength`` UTF-8 bytes.
    static func checkPassword(_ password: String) throws(AccountError) {
        if password.isEmpty { throw .invalidField(field: "password", problem: "is empty") }
        if password.utf8.count > maximumPasswordLength {
            throw .invalidField(field: "password", problem: "is longer than \(maximumPasswordLength) bytes")
        }
    }
}
