import Foundation
import RxChainLogs
import RxChainRemotes

/// The two layouts of a playbook on the S3 test server (`.ci/seaweedfs run`), for sync tests
/// that run against both.
enum S3SyncLayout: String, CaseIterable, Sendable {
    /// ``S3Remote``: one object, replaced whole by each append.
    case object
    /// ``S3SegmentedRemote``: one segment object per append under a prefix.
    case segmented

    /// The test server's endpoint, e.g. `http://127.0.0.1:8333`.
    static var endpoint: String? { S3TestObject.environment["RXCHAIN_S3_ENDPOINT"] }

    /// The test server's port on `127.0.0.1`, for a proxy in front of it.
    static var port: UInt16? { endpoint.flatMap { URL(string: $0)?.port }.map { UInt16($0) } }

    /// A fresh key (object) or prefix (segmented) that no other test uses.
    func freshName(_ label: String) -> String {
        switch self {
        case .object: "\(label)-\(UUID().uuidString)/playbook.ndjson"
        case .segmented: "\(label)-seg-\(UUID().uuidString)/"
        }
    }

    /// A signed remote for `name` in the `playbooks` bucket, reached through `endpoint`
    /// (the test server itself by default).
    func remote(_ name: String, endpoint: String? = S3SyncLayout.endpoint) throws -> any PlaybookRemote {
        switch self {
        case .object: try object(name, endpoint: endpoint)
        case .segmented: try segmented(name, endpoint: endpoint)
        }
    }

    /// The object layout's remote for `key`.
    func object(_ key: String, endpoint: String? = S3SyncLayout.endpoint) throws -> S3Remote {
        try S3Remote(
            "s3://playbooks/\(key)", endpoint: endpoint, credentials: Self.credentials, requestTimeout: .seconds(20))
    }

    /// The segmented layout's remote for `prefix`.
    func segmented(_ prefix: String, endpoint: String? = S3SyncLayout.endpoint) throws -> S3SegmentedRemote {
        try S3SegmentedRemote(
            "s3://playbooks/\(prefix)", endpoint: endpoint, credentials: Self.credentials, requestTimeout: .seconds(20))
    }

    private static var credentials: S3Credentials {
        S3Credentials(
            accessKeyId: S3TestObject.environment["RXCHAIN_S3_ACCESS_KEY_ID"] ?? "",
            secretAccessKey: S3TestObject.environment["RXCHAIN_S3_SECRET_ACCESS_KEY"] ?? "")
    }
}
