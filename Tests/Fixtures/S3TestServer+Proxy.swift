import Foundation
import RxChainLogs
import RxChainRemotes
import RxChainTesting
import Testing

extension S3TestServer {
    /// A fault-injecting proxy in front of the test server, for one test; `stop()` it when done.
    package static func proxy() throws -> FaultProxy {
        let port = try #require(endpoint.flatMap { URL(string: $0)?.port }, "RXCHAIN_S3_ENDPOINT has no port")
        return try FaultProxy(targetPort: UInt16(port))
    }

    /// The two layouts of a playbook in S3.
    package enum Layout: String, CaseIterable, Sendable {
        /// ``S3Remote``: one object, replaced whole by each append.
        case object
        /// ``S3SegmentedRemote``: one segment object per append under a prefix.
        case segmented

        /// A fresh key (object) or prefix (segmented) no other test uses.
        package func freshName() -> String {
            switch self {
            case .object: "lost-\(UUID().uuidString)/playbook.ndjson"
            case .segmented: "lost-seg-\(UUID().uuidString)/"
            }
        }

        /// A signed remote for `name` in the `playbooks` bucket, reached through `endpoint`.
        package func remote(_ name: String, endpoint: String?) throws -> any PlaybookRemote {
            let location = "s3://playbooks/\(name)"
            switch self {
            case .object:
                return try S3Remote(
                    location, endpoint: endpoint, credentials: credentials, requestTimeout: .seconds(20))
            case .segmented:
                return try S3SegmentedRemote(
                    location, endpoint: endpoint, credentials: credentials, requestTimeout: .seconds(20))
            }
        }
    }
}
