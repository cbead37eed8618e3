/// The status `rxchain` exits with; scripts and tests rely on these three values.
enum ExitCode: Int32, Sendable {
    /// The command did what was asked.
    case success = 0
    /// The command ran but the answer is "no": input was rejected, an expectation failed,
    /// an operation failed, or output could not be written.
    case failure = 1
    /// The command line (or a script the command reads) is malformed: nothing was done.
    case usage = 2
}
