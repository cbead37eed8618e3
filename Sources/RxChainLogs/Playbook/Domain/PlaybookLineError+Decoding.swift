extension PlaybookLineError {
    /// The error naming the field a `DecodingError` is about, as a path (`payload.entries.2.start`;
    /// `line` when it is about the whole line, which is then not valid JSON).
    ///
    /// What ``PlaybookLine`` reports for a line it cannot decode; a domain that decodes part of a
    /// line itself (one record of a list, say) reports that part's errors the same way.
    public init(_ error: DecodingError) {
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
            let detail = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
            self.init(field: field(context.codingPath), detail: detail)
        @unknown default:
            self.init(field: "line", detail: "\(error)")
        }
    }
}
