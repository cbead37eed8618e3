import Foundation
import RxChainRemotes

/// The S3 server the integration tests use, named by `.ci/seaweedfs run …` in the test
/// process's environment: `RXCHAIN_S3_ENDPOINT`, and the key pair of its signed bucket
/// (`RXCHAIN_S3_ACCESS_KEY_ID`, `RXCHAIN_S3_SECRET_ACCESS_KEY`). Without them the
/// integration suites are disabled.
package enum S3TestServer {
    package static let environment = ProcessInfo.processInfo.environment
    package static let endpoint = environment["RXCHAIN_S3_ENDPOINT"]
    package static var isConfigured: Bool { endpoint != nil && credentials != nil }
    package static let credentials: S3Credentials? = {
        guard let keyId = environment["RXCHAIN_S3_ACCESS_KEY_ID"],
            let secret = environment["RXCHAIN_S3_SECRET_ACCESS_KEY"]
        else { return nil }
        return S3Credentials(accessKeyId: keyId, secretAccessKey: secret)
    }()

    /// How a test reaches the server: anonymously (bucket `open`) or signed (bucket `playbooks`).
    package enum Mode: String, CaseIterable, Sendable {
        case anonymous
        case signed
    }

    /// A remote for a fresh object (its own key), so tests running in parallel never share one.
    package static func remote(_ mode: Mode, key: String = "t-\(UUID().uuidString)/playbook.ndjson") throws -> S3Remote
    {
        let bucket = mode == .signed ? "playbooks" : "open"
        return try S3Remote(
            "s3://\(bucket)/\(key)", endpoint: endpoint, credentials: mode == .signed ? credentials : nil,
            requestTimeout: .seconds(20))
    }

    /// A segmented remote for a fresh prefix (its own, ending in `/`), so tests running in parallel never share one.
    package static func segmentedRemote(_ mode: Mode, prefix: String = "seg-\(UUID().uuidString)/") throws
        -> S3SegmentedRemote
    {
        let bucket = mode == .signed ? "playbooks" : "open"
        return try S3SegmentedRemote(
            "s3://\(bucket)/\(prefix)", endpoint: endpoint, credentials: mode == .signed ? credentials : nil,
            requestTimeout: .seconds(20))
    }
}
