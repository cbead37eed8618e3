import LibFuzzer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fuzz target's input callback, as libFuzzer calls it: the bytes and their count.
package typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer on `test` with this process's command line (libFuzzer's flags, corpus
/// directories), then exits with libFuzzer's status.
///
/// A target's `@main` calls it: SwiftPM gives an executable its own entry point, so libFuzzer's
/// `main` is not the one that runs, and `LLVMFuzzerRunDriver` is libFuzzer's way in for a
/// program that has its own.
package func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The bytes libFuzzer hands a target, copied.
package func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
