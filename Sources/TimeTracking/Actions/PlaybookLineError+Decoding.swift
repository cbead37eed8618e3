import RxChain

extension PlaybookLineError {
    /// The error naming the field a decoding error is about (`payload.entries.2.start`),
    /// `line` when it is about the whole line.
    init(_ error: DecodingError) {
        func field(_ path: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = (path + (last.map { [$0] } ?? [])).map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "line" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(field: field(context.codingPath, key), detail: "missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            self.init(field: field(context.codingPath), detail: "expected \(type)")
        case .dataCorrupted(let context):
            self.init(field: field(context.codingPath), detail: context.debugDescription)
        @unknown default:
            self.init(field: "line", detail: "\(error)")
        }
    }
}
