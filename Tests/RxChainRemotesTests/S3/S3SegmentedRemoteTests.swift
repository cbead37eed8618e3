import Foundation
import Testing

@testable import RxChainLogs
@testable import RxChainRemotes

/// What `S3SegmentedRemote` decides without a server: locations, object names, input
/// checks, listings and query strings.
@Suite struct S3SegmentedRemoteTests {
    @Test func aPrefixLocationIsCanonicalAndNeedsNoLocalCopy() throws {
        let remote = try S3SegmentedRemote("s3://playbooks/team/", endpoint: "HTTP://127.0.0.1:8333/")
        #expect(remote.location == "http://127.0.0.1:8333/playbooks/team/")
        #expect(remote.bucket == "playbooks")
        #expect(remote.prefix == "team/")
        #expect(!remote.needsLocalCopy)
        #expect(!remote.isSigned)
        let aws = try S3SegmentedRemote(
            "s3://b-1/a/b/", region: "eu-west-1", credentials: S3Credentials(accessKeyId: "A", secretAccessKey: "S"))
        #expect(aws.location == "https://s3.eu-west-1.amazonaws.com/b-1/a/b/")
        #expect(aws.isSigned)
    }

    @Test(arguments: [
        ("s3://playbooks/team", "prefix ending in '/'"),
        ("s3://playbooks/team/playbook.ndjson", "S3Remote"),
        ("s3://playbooks/", "prefix after the bucket is empty"),
        ("s3://Playbooks/team/", "not a bucket name"),
        ("file:///tmp/team/", "s3://bucket/path"),
        ("s3://playbooks/team/../", "the key has a '..' segment"),
        ("s3://playbooks/./team/", "the key has a '.' segment"),
    ])
    func badSegmentedLocationsAreRefusedNamingTheProblem(location: String, reason: String) {
        #expect {
            _ = try S3SegmentedRemote(location, endpoint: "http://h")
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func theSingleObjectLayoutRefusesAPrefixPointingAtTheSegmentedOne() {
        #expect {
            _ = try S3Remote("s3://playbooks/team/", endpoint: "http://h")
        } throws: { error in
            let text = "\(error)"
            return text.contains("S3SegmentedRemote") && text.contains("segmented layout")
                && !text.contains("not supported") && text.contains("s3://playbooks/team/playbook.ndjson")
        }
    }

    @Test func segmentsAndCheckpointsHaveTwelveDigitNames() throws {
        let remote = try S3SegmentedRemote("s3://playbooks/team/", endpoint: "http://h")
        #expect(remote.segmentKey(1) == "team/000000000001.ndjson")
        #expect(remote.segmentKey(42) == "team/000000000042.ndjson")
        #expect(remote.segmentKey(123_456_789_012) == "team/123456789012.ndjson")
        #expect(remote.checkpointPrefix == "team/checkpoint/")
        #expect(remote.checkpointKey(42) == "team/checkpoint/000000000042.ndjson")
        #expect(
            try S3ObjectAddress(parsing: "s3://b-1/a+b/", endpoint: "http://h:1", layout: .segmented)
                .url(key: "a+b/000000000001.ndjson", encodedQuery: "").absoluteString
                == "http://h:1/b-1/a%2Bb/000000000001.ndjson")
    }

    @Test(
        arguments: [
            ("team/checkpoint/000000000042.ndjson", 42),
            ("team/checkpoint/1000000000000.ndjson", 1_000_000_000_000),
            ("team/checkpoint/42.ndjson", nil),
            ("team/checkpoint/+00000000042.ndjson", nil),
            ("team/checkpoint/000000000000.ndjson", nil),
            ("team/checkpoint/000000000042.ndjson.tmp", nil),
            ("team/000000000042.ndjson", nil),
            ("other/checkpoint/000000000042.ndjson", nil),
        ] as [(String, Int?)])
    func onlyCheckpointKeysNameACheckpoint(key: String, number: Int?) throws {
        let remote = try S3SegmentedRemote("s3://playbooks/team/", endpoint: "http://h")
        #expect(remote.checkpointNumber(ofKey: key) == number)
    }

    @Test(arguments: ["x", "-1", "007", "1.5", ""])
    func aCursorThatIsNotASegmentNumberIsRefusedBeforeAnythingIsSent(cursor: String) async throws {
        // Nothing listens at this endpoint: a request would fail as unavailable, not invalidCursor.
        let remote = try S3SegmentedRemote(
            "s3://playbooks/team/", endpoint: "http://127.0.0.1:\(try S3RemoteTests.closedPort())")
        let error = await #expect(throws: PlaybookRemoteError.self) {
            try await remote.read(after: PlaybookCursor(cursor))
        }
        #expect(
            error == .invalidCursor(PlaybookCursor(cursor), location: remote.location, reason: "not a segment number"))
    }

    @Test(arguments: [(Data(), "no lines given"), (Data("x".utf8), "does not end in a newline")])
    func incompleteLinesAreRefusedBeforeAnythingIsSent(lines: Data, reason: String) async throws {
        let remote = try S3SegmentedRemote(
            "s3://playbooks/team/", endpoint: "http://127.0.0.1:\(try S3RemoteTests.closedPort())")
        let error = await #expect(throws: PlaybookRemoteError.self) {
            try await remote.append(lines, expecting: .noPlaybook, localCopy: nil)
        }
        guard case .invalidLines(_, let said) = error else {
            Issue.record("expected invalidLines, got \(String(describing: error))")
            return
        }
        #expect(said.contains(reason))
    }

    @Test func revisionsAndCursorsAreSegmentNumbers() throws {
        let remote = try S3SegmentedRemote("s3://playbooks/team/", endpoint: "http://h")
        #expect(remote.segmentNumber(of: Revision.noPlaybook) == 0)
        #expect(remote.segmentNumber(of: Revision("42")) == 42)
        #expect(remote.segmentNumber(of: Revision("\"etag\"")) == nil)
        #expect(remote.segmentNumber(of: Revision("0")) == nil)
        #expect(try remote.segmentNumber(of: nil as PlaybookCursor?) == 0)
        #expect(try remote.segmentNumber(of: PlaybookCursor("0")) == 0)
        #expect(remote.revision(atSegment: 0) == .noPlaybook)
        #expect(remote.revision(atSegment: 7) == Revision("7"))
    }

    @Test func aListingGivesItsKeysAndTheNextPage() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult><Name>playbooks</Name><Prefix>a&amp;b/checkpoint/</Prefix>
            <IsTruncated>true</IsTruncated><NextContinuationToken>tok+1/=</NextContinuationToken>
            <Contents><Key>a&amp;b/checkpoint/000000000001.ndjson</Key><Size>10</Size></Contents>
            <Contents><Key>a&amp;b/checkpoint/000000000002.ndjson</Key><Size>20</Size></Contents>
            </ListBucketResult>
            """
        let page = S3ListPage(xml: Data(xml.utf8))
        #expect(page.keys == ["a&b/checkpoint/000000000001.ndjson", "a&b/checkpoint/000000000002.ndjson"])
        #expect(page.nextContinuationToken == "tok+1/=")
        let last = S3ListPage(xml: Data("<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>".utf8))
        #expect(last.keys.isEmpty)
        #expect(last.nextContinuationToken == nil)
    }

    /// Found by `Fuzz/FuzzS3`: servers written in Go (MinIO, SeaweedFS) escape quotes and line
    /// breaks in keys as numeric references, which the listing read as written.
    @Test func aListingDecodesNumericCharacterReferences() {
        let xml = """
            <ListBucketResult><IsTruncated>false</IsTruncated>
            <Contents><Key>team&#39;s &#34;log&#34;/&#x41;&#xA;&#13;&amp;lt;&#;&#xZZ;&#1114112;&lt</Key></Contents>
            </ListBucketResult>
            """
        #expect(S3ListPage(xml: Data(xml.utf8)).keys == ["team's \"log\"/A\n\r&lt;&#;&#xZZ;&#1114112;&lt"])
    }

    /// Found by `Fuzz/FuzzS3`: a key starting with a combining mark was not found, its first
    /// character joined to the tag's `>` by a search by characters.
    @Test func aKeyStartingWithACombiningMarkIsListed() {
        let xml =
            "<ListBucketResult><Contents><Key>\u{301}a</Key></Contents><Contents><Key>b</Key></Contents></ListBucketResult>"
        #expect(S3ListPage(xml: Data(xml.utf8)).keys == ["\u{301}a", "b"])
    }

    /// Found by `Fuzz/FuzzS3`: the continuation token was sent back as written in the XML,
    /// entities and all, so a token holding `&` would never fetch its page.
    @Test func theContinuationTokenIsDecoded() {
        let xml =
            "<ListBucketResult><IsTruncated>true</IsTruncated><NextContinuationToken>a&amp;b&#43;c</NextContinuationToken></ListBucketResult>"
        #expect(S3ListPage(xml: Data(xml.utf8)).nextContinuationToken == "a&b+c")
    }

    @Test func aQueryIsSentExactlyAsItIsSigned() throws {
        let query = [("prefix", "team/checkpoint/"), ("list-type", "2"), ("continuation-token", "a+b=")]
        let encoded = SigV4Signer.encodeQuery(query)
        #expect(encoded == "continuation-token=a%2Bb%3D&list-type=2&prefix=team%2Fcheckpoint%2F")
        let signer = SigV4Signer(
            credentials: S3Credentials(accessKeyId: "A", secretAccessKey: "S"), region: "us-east-1")
        let signed = signer.sign(
            method: "GET", host: "h", encodedPath: "/b-1", query: query, headers: [:],
            payloadHash: SigV4Signer.emptyPayloadHash, date: Date(timeIntervalSince1970: 0))
        #expect(signed.canonicalRequest.split(separator: "\n")[2] == Substring(encoded))
        let address = try S3ObjectAddress(parsing: "s3://b-1/team/", endpoint: "http://h", layout: .segmented)
        #expect(address.url(key: "", encodedQuery: encoded).absoluteString == "http://h/b-1?\(encoded)")
    }
}
