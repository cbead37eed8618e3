import Foundation
import RxChainLogs

/// `rxchain-bench remote-append`: a test helper, not a benchmark. Appends `count` lines,
/// one append each, to a ``DirectoryRemote`` playbook, retrying every conflict against
/// the revision it reports, so several processes can race on one playbook.
///
/// Line `i` (from 1) is `{"actionId":"<tag>:<i>","payload":{"n":<i>},"type":"test/append"}`.
/// Prints `appended <count> lines after <conflicts> conflicts` and exits 0, or prints
/// the error to stderr and exits 1.
enum RemoteAppendCommand {
    static let usage = "remote-append --file <playbook> --count <n> --tag <tag>"

    static func run(arguments: [String]) async {
        do {
            let options = try parse(arguments)
            let remote = try DirectoryRemote(options.file, lockTimeout: .seconds(60))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var revision = try await remote.currentRevision()
            var conflicts = 0
            for number in 1..<(options.count + 1) {
                let line = Line(actionId: "\(options.tag):\(number)", payload: ["n": number])
                let data = try encoder.encode(line) + Data("\n".utf8)
                var outcome = try await remote.append(data, expecting: revision, localCopy: nil)
                while case .conflict(let current) = outcome {
                    conflicts += 1
                    outcome = try await remote.append(data, expecting: current, localCopy: nil)
                }
                if case .committed(let next, _) = outcome { revision = next }
            }
            print("appended \(options.count) lines after \(conflicts) conflicts")
            fflush(nil)
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench remote-append: \(error)\n".utf8))
            exit(1)
        }
    }

    /// One appended line (encoded with sorted keys: `actionId`, `payload`, `type`).
    private struct Line: Encodable {
        var actionId: String
        var payload: [String: Int]
        var type = "test/append"
    }

    private struct Options {
        var file = ""
        var count = 0
        var tag = ""
    }

    private static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--file": options.file = value
            case "--count":
                guard let count = Int(value), count >= 0 else { throw UsageError("--count must be a number >= 0") }
                options.count = count
            case "--tag": options.tag = value
            default: throw UsageError("unknown option \(flag)")
            }
        }
        guard !options.file.isEmpty, !options.tag.isEmpty else { throw UsageError("--file and --tag are required") }
        return options
    }

    private struct UsageError: Error, CustomStringConvertible {
        let description: String
        init(_ message: String) { description = "\(message) (usage: rxchain-bench \(RemoteAppendCommand.usage))" }
    }
}
