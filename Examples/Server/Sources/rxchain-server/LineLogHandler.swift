import Foundation
import Logging
import RxChainServer

/// swift-log's handler for `rxchain-server`: each message one line on standard error, in the
/// format `--log-format` names (``LogLineFormat``, the core's), with its metadata as fields.
struct LineLogHandler: LogHandler {
    let label: String
    let format: LogLineFormat
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        // The core's records carry their fields in order under `fields`; other metadata sorted.
        var fields: [(name: String, value: String)] = []
        if case .array(let ordered)? = merged["fields"] {
            for case .stringConvertible(let field as RequestField) in ordered {
                fields.append((field.name, field.value))
            }
        }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) where key != "fields" {
            fields.append((key, "\(value)"))
        }
        let line = format.line(
            timestamp: Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            level: event.level.rawValue, label: label, message: "\(event.message)", fields: fields)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// One field of a request's log line, carried in swift-log metadata in its order.
struct RequestField: CustomStringConvertible, Sendable {
    let name: String
    let value: String
    var description: String { "\(name)=\(value)" }
}
