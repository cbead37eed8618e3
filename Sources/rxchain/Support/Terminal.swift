import Foundation

/// Standard output and standard error for commands: whole lines, optional colour, no buffering surprises.
///
/// Every line is written with one `write(2)` loop straight to the file descriptor, after
/// `fflush(nil)` so anything a library `print`ed earlier comes out first. So a process
/// reading `rxchain`'s output through a pipe sees each line as soon as it is written.
///
/// Colour is used on a stream only when it is a terminal (`isatty`) and `NO_COLOR` is
/// unset or empty (https://no-color.org), so pipes and files get plain text.
///
/// > Important: Writing to standard output throws ``WriteError`` when the reader has gone
/// > (`EPIPE`; `main.swift` ignores `SIGPIPE` so this is an error, not a crash) or the
/// > write fails. The dispatcher turns it into exit code 1. Writing to standard error is
/// > best effort and never throws: there is nowhere left to report its failure.
struct Terminal: Sendable {
    /// A failed write to standard output.
    enum WriteError: Error, CustomStringConvertible {
        /// The reading end of the pipe was closed (`EPIPE`).
        case outputClosed
        /// `write(2)` failed with this `errno`.
        case failed(errno: Int32)

        var description: String {
            switch self {
            case .outputClosed: "standard output was closed"
            case .failed(let code): "cannot write to standard output: \(String(cString: strerror(code)))"
            }
        }
    }

    /// Text attributes, as ANSI SGR codes.
    enum Style: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
    }

    /// Whether text styled for standard output gets colour codes.
    let colorsOutput: Bool
    /// Whether text styled for standard error gets colour codes.
    let colorsErrors: Bool
    /// Whether standard error is a terminal (where a progress line can be redrawn in place).
    let errorsAreTerminal: Bool

    /// A terminal on the process's standard output and error, colouring each if it is a TTY and `NO_COLOR` is unset.
    init(environment: [String: String]) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        colorsOutput = !noColor && isatty(STDOUT_FILENO) == 1
        colorsErrors = !noColor && isatty(STDERR_FILENO) == 1
        errorsAreTerminal = isatty(STDERR_FILENO) == 1
    }

    /// Writes `text` and a newline to standard output.
    func writeLine(_ text: String) throws(WriteError) {
        try write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to standard error; failures are ignored.
    ///
    /// Messages quote input (file contents, values from other devices), so control
    /// characters other than the line breaks of `text` itself are escaped (`\u{1B}`):
    /// nothing written here can drive the terminal.
    func writeErrorLine(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n")
        try? write(safe + "\n", to: STDERR_FILENO)
    }

    /// Redraws the progress line on standard error when it is a terminal (`nil` clears it);
    /// elsewhere writes nothing, so logs and pipes get only the outcome.
    func writeProgress(_ text: String?) {
        guard errorsAreTerminal else { return }
        try? write("\r\u{1B}[K" + (text?.escapingControlCharacters ?? ""), to: STDERR_FILENO)
    }

    /// `text` wrapped in the colour codes of `style` if standard output (or error, if `forErrors`) is coloured.
    func styled(_ text: String, _ style: Style, forErrors: Bool = false) -> String {
        (forErrors ? colorsErrors : colorsOutput) ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func write(_ text: String, to descriptor: Int32) throws(WriteError) {
        fflush(nil)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if written >= 0 {
                bytes = bytes.dropFirst(written)
            } else if errno == EINTR {
                continue
            } else {
                throw errno == EPIPE ? .outputClosed : .failed(errno: errno)
            }
        }
    }
}
