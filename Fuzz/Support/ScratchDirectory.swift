import Foundation
import Synchronization

/// A directory of this process for a target's files, emptied before each input: on `/dev/shm`
/// when there is one (a memory file system, where `fsync` costs nothing), else in the temporary
/// directory. Removed when the process exits (libFuzzer ends a run with `exit`; a crash leaves it).
package struct ScratchDirectory: Sendable {
    /// The directory's path.
    package let path: String

    /// A fresh directory named after `target` and this process.
    package init(_ target: String) {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = "\(base)/rxchain-fuzz-\(target)-\(ProcessInfo.processInfo.processIdentifier)"
        reset()
        removedAtExit.withLock { $0.append(path) }
        _ = removalRegistered
    }

    /// Removes everything in the directory (and makes it again).
    package func reset() {
        try? FileManager.default.removeItem(atPath: path)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` in the directory.
    package func write(_ bytes: [UInt8], to name: String) {
        guard FileManager.default.createFile(atPath: file(name), contents: Data(bytes)) else {
            propertyFailed("the fuzz target cannot write \(file(name))")
        }
    }

    /// The bytes of `name` in the directory, or `nil` when there is no such file.
    package func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map(Array.init)
    }
}

/// The scratch directories to remove when the process exits.
private let removedAtExit = Mutex<[String]>([])

/// Registers their removal with `atexit`, once.
private let removalRegistered: Void = {
    atexit {
        for path in removedAtExit.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}()
