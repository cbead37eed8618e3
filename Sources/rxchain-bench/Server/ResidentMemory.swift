import Foundation

/// A process's memory as Linux reports it in `/proc/<pid>/status`.
enum ResidentMemory {
    /// A field of `/proc/<pid>/status` in bytes (`VmRSS` now, `VmHWM` the peak); `nil` where there
    /// is none (not Linux, the process is gone).
    static func bytes(_ field: String = "VmRSS", pid: String = "self") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }
}
