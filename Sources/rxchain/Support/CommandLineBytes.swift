import Foundation
import RxChainJSON

/// The command line as the process received it, checked for invalid UTF-8.
///
/// `CommandLine.arguments` silently repairs invalid UTF-8 (with U+FFFD), so a file name
/// or a description could change on its way in. This reads each argument's raw bytes
/// from `CommandLine.unsafeArgv` instead.
enum CommandLineBytes {
    /// The arguments after the executable's name, or a ``UsageError`` naming the first one
    /// that is not valid UTF-8: `argument 3 is not valid UTF-8 (byte 0xFF at column 2)`.
    static func arguments() -> Result<[String], UsageError> {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { break }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
            if let offset = UTF8Check.firstInvalidOffset(in: bytes) {
                let error = NDJSONEncodingError(line: index, byte: bytes[offset], column: offset + 1, bytes: [])
                return .failure(UsageError("argument \(index) is \(error.reason)"))
            }
            arguments.append(String(decoding: bytes, as: UTF8.self))
        }
        return .success(arguments)
    }
}
