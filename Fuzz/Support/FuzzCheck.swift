#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks a property of a fuzz target: when it does not hold, prints `PROPERTY FAILED: <what>`
/// (what `.ci/fuzz` looks for) and stops the process, so libFuzzer keeps the input as a crash.
///
/// ```swift
/// check(reread == written, "the line read back differs: \(reread) != \(written)")
/// ```
package func check(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    if condition() { return }
    propertyFailed(message(), file: file, line: line)
}

/// Stops the process with `PROPERTY FAILED: <message>` on stderr.
package func propertyFailed(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    let text = "PROPERTY FAILED: \(message) (\(file):\(line))\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress!, $0.count - 1) }
    abort()
}
