import Foundation
import RxChainLogs

/// `rxchain-bench remote`: ``DirectoryRemote`` appends and tail reads on a small and a
/// large playbook, against a bare `write` + `fsync` (appends) and a bare `pread` (reads).
///
/// The small/large pair shows that an append or a tail read costs what the new lines
/// cost, not what the playbook weighs.
enum RemoteBenchmark {
    static let line = Data(#"{"actionId":"bench:1","payload":{"n":1},"type":"bench/append"}"#.utf8 + [0x0A])

    static func run(report: Report) async {
        report.header("remote")
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-bench-remote-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let baseline = try bareAppend(path: root + "/bare.ndjson")
            let tailBaseline = try bareTailRead(path: root + "/bare.ndjson")
            for (name, lines) in [("small", 1), ("large", 200_000)] {
                try FileManager.default.createDirectory(atPath: root + "/\(name)", withIntermediateDirectories: true)
                let remote = try DirectoryRemote(root + "/\(name)/playbook.ndjson")
                let seed = Data(repeatElement(line, count: lines).joined())
                guard
                    case .committed(var revision, _) = try await remote.append(
                        seed, expecting: .noPlaybook, localCopy: nil)
                else { fatalError("bench: fresh playbook conflicted") }
                let appends = 40
                let appendTime = await Stopwatch.medianNanoseconds(operations: appends) {
                    for _ in 0..<appends {
                        guard
                            case .committed(let next, _) = try! await remote.append(
                                line, expecting: revision, localCopy: nil)
                        else { fatalError("bench: append conflicted") }
                        revision = next
                    }
                }
                let size = try await remote.read(after: nil).lines.count
                let megabytes = Double(size) / 1_000_000
                report.emit(
                    Figure(
                        name: "append-1-line-\(name)", unit: "append", medianNanoseconds: appendTime,
                        baseline: "write+fsync", baselineMedianNanoseconds: baseline,
                        extra: [("playbook_mb", megabytes)]))
                let cursor = PlaybookCursor(String(size - line.count))
                let reads = 2_000
                let readTime = await Stopwatch.medianNanoseconds(operations: reads) {
                    for _ in 0..<reads {
                        let chunk = try! await remote.read(after: cursor)
                        precondition(chunk.lines == line)
                    }
                }
                report.emit(
                    Figure(
                        name: "read-tail-1-line-\(name)", unit: "read", medianNanoseconds: readTime,
                        baseline: "open+pread", baselineMedianNanoseconds: tailBaseline,
                        extra: [("playbook_mb", megabytes)]))
            }
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench remote: \(error)\n".utf8))
            exit(1)
        }
    }

    /// One line appended with `write` and made durable with `fsync`: the floor of a durable append.
    private static func bareAppend(path: String) throws -> Double {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let appends = 40
        return Stopwatch.medianNanoseconds(operations: appends) {
            for _ in 0..<appends {
                let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                precondition(written == line.count && fsync(descriptor) == 0)
            }
        }
    }

    /// The last line read with `open` + `pread`: the floor of a tail read.
    private static func bareTailRead(path: String) throws -> Double {
        let reads = 2_000
        var buffer = [UInt8](repeating: 0, count: line.count)
        return Stopwatch.medianNanoseconds(operations: reads) {
            for _ in 0..<reads {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                precondition(descriptor >= 0)
                var status = stat()
                fstat(descriptor, &status)
                let read = pread(descriptor, &buffer, line.count, status.st_size - off_t(line.count))
                precondition(read == line.count)
                close(descriptor)
            }
        }
    }
}
