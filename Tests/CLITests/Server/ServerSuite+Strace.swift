import Foundation
import Testing

extension ServerSuite {
    /// `rxchain words…` under `strace` (see ``Strace``), with `RXCHAIN_HOME=home`; the fault's
    /// path is taken relative to `store`.
    func rxchain(_ words: [String], home: URL, under strace: Strace, store: URL) async throws -> CLIResult {
        let arguments = strace.arguments(rxchain: try CLIRunner.locate(product: "rxchain"), store: store, words: words)
        let environment: [String: String?] = ["RXCHAIN_HOME": home.path, "NO_COLOR": "1", "RXCHAIN_PASSWORD": nil]
        return try await CLIRunner(executable: try Strace.required()).run(arguments, environment: environment)
    }
}
