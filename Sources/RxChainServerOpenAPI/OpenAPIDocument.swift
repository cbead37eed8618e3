/// The server's API as an OpenAPI 3.1 document: every route `LogServer` answers (its `routes`,
/// with the time entry service mounted) with its request and response bodies and every error
/// body, served at `GET /openapi.json`.
///
/// The source is `openapi.json` beside this file; `.ci/openapi generate` writes it into
/// `OpenAPIDocument+JSON.swift` (so the server binary carries it, with no resource bundle to
/// install), and a test checks that the two agree and that the document lists exactly the
/// routes the server answers.
package enum OpenAPIDocument {
    /// The document's bytes (UTF-8 JSON).
    package static let bytes: [UInt8] = Array(json.utf8)
}
