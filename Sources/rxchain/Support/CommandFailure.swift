/// A command that cannot do what was asked, for a reason worth one line: exit 1.
///
/// The dispatcher prints `rxchain …: error: <message>`; the message names the path or value
/// at fault and what is wrong with it: `no store at '/typo' (no such directory)`.
struct CommandFailure: Error, Equatable, CustomStringConvertible {
    /// What went wrong, naming what it happened to.
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
