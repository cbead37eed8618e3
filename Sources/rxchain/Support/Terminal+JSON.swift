import Foundation

extension Terminal {
    /// The encoder behind ``writeJSON(_:)``: keys sorted (stable, diffable output) and `/` left unescaped.
    static func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Writes `value` as one line of JSON to standard output (so `--json` output is NDJSON).
    ///
    /// - Throws: the encoder's error if `value` cannot be encoded (nothing is written),
    ///   or ``WriteError``.
    func writeJSON(_ value: some Encodable) throws {
        let data = try Self.makeJSONEncoder().encode(value)
        try writeLine(String(decoding: data, as: UTF8.self))
    }
}
