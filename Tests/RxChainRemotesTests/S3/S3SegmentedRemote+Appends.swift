import Foundation
import RxChainTestFixtures
import Testing

@testable import RxChainLogs
@testable import RxChainRemotes

/// Appends one segment per text to `remote`, starting at `revision`; returns the revision reached.
@discardableResult
func appendSegments(_ remote: S3SegmentedRemote, _ texts: [String], after revision: Revision) async throws
    -> Revision
{
    var revision = revision
    for text in texts {
        revision = try #require(
            try await remote.append(ndjson(text), expecting: revision, localCopy: nil).committedRevision)
    }
    return revision
}
