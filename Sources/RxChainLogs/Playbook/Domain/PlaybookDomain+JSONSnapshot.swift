import Foundation

extension PlaybookDomain {
    /// `"json"`: the state's `Codable` form.
    public var snapshotFormat: String { "json" }

    /// Writes the state's `Codable` form through `JSONEncoder`.
    public func encodeSnapshot(_ state: State, into writer: inout SnapshotWriter) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        writer.write(raw: try encoder.encode(state))
    }

    /// Reads the state's `Codable` form (every byte left) through `JSONDecoder`.
    public func decodeSnapshot(from reader: inout SnapshotReader) throws -> State {
        let json = reader.readRest()
        return try JSONDecoder().decode(State.self, from: Data(json))
    }
}
