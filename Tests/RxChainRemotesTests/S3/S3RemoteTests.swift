import Foundation
import RxChainTesting
import Testing

@testable import RxChainCore
@testable import RxChainLogs
@testable import RxChainRemotes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `S3Remote` decides without a server: locations, input checks, error mapping.
@Suite struct S3RemoteTests {
    @Test(arguments: [
        (
            "s3://playbooks/team/playbook.ndjson", "http://127.0.0.1:8333",
            "http://127.0.0.1:8333/playbooks/team/playbook.ndjson"
        ),
        ("s3://playbooks/p.ndjson", "HTTP://LocalHost:80/", "http://localhost/playbooks/p.ndjson"),
        ("s3://my.bucket-1/a b.ndjson", "https://s3.example.com:443", "https://s3.example.com/my.bucket-1/a b.ndjson"),
        ("s3://b-1/k.ndjson", "http://Bücher.example:8333", "http://xn--bcher-kva.example:8333/b-1/k.ndjson"),
    ])
    func locationsAreCanonical(location: String, endpoint: String, canonical: String) throws {
        let remote = try S3Remote(location, endpoint: endpoint)
        #expect(remote.location == canonical)
        #expect(remote.needsLocalCopy)
        #expect(!remote.isSigned)
    }

    @Test func theDefaultEndpointIsAWSInTheRegion() throws {
        let remote = try S3Remote("s3://b-1/k.ndjson", region: "eu-west-1")
        #expect(remote.location == "https://s3.eu-west-1.amazonaws.com/b-1/k.ndjson")
        #expect(
            try S3ObjectAddress(parsing: "s3://b-1/a+b.ndjson", endpoint: "http://h:1").url.absoluteString
                == "http://h:1/b-1/a%2Bb.ndjson")
    }

    @Test(arguments: [
        ("file:///tmp/p.ndjson", "http://h", "s3://bucket/path"),
        ("s3://playbooks", "http://h", "no object"),
        ("s3://Playbooks/p", "http://h", "not a bucket name"),
        ("s3://ab/p", "http://h", "not a bucket name"),
        ("s3://playbooks/", "http://h", "key after the bucket is empty"),
        ("s3://playbooks/team/", "http://h", "segmented layout"),
        ("s3://playbooks/p", "ftp://h", "not an http:// or https:// URL"),
        ("s3://playbooks/p", "http://h/prefix", "just scheme://host[:port]"),
        ("s3://playbooks/p", "http://user:pw@h", "credentials never go in the URL"),
        ("s3://playbooks/team/../p.ndjson", "http://h", "the key has a '..' segment"),
        ("s3://playbooks/../p.ndjson", "http://h", "the key has a '..' segment"),
        ("s3://playbooks/./p.ndjson", "http://h", "the key has a '.' segment"),
        ("s3://playbooks/team/..", "http://h", "the key has a '..' segment"),
    ])
    func badLocationsAreRefusedNamingTheProblem(location: String, endpoint: String, reason: String) {
        do {
            _ = try S3Remote(location, endpoint: endpoint)
            Issue.record("\(location) at \(endpoint) was accepted")
        } catch let error as PlaybookRemoteError {
            #expect(error.description.contains(reason), "\(error)")
            #expect(!error.description.contains("pw@"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        arguments: [
            (Data(), Data(), "no lines given"),
            (Data("x".utf8), Data("x".utf8), "does not end in a newline"),
            (Data("x\n".utf8), nil, "pass localCopy"),
            (Data("x\n".utf8), Data("y\n".utf8), "does not end with the lines"),
            (Data("x\n".utf8), Data("ax\n".utf8), "does not end in a newline before"),
        ] as [(Data, Data?, String)])
    func linesAndLocalCopyAreCheckedBeforeAnythingIsSent(lines: Data, localCopy: Data?, reason: String) async throws {
        // Nothing listens at this endpoint: a request would fail as unavailable, not invalidLines.
        let remote = try S3Remote("s3://playbooks/p.ndjson", endpoint: "http://127.0.0.1:\(try Self.closedPort())")
        do {
            _ = try await remote.append(lines, expecting: .noPlaybook, localCopy: localCopy)
            Issue.record("append was accepted")
        } catch let error as PlaybookRemoteError {
            guard case .invalidLines = error else {
                Issue.record("expected invalidLines, got \(error)")
                return
            }
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    @Test func aServerThatIsDownIsUnavailableAndTransient() async throws {
        let endpoint = "http://127.0.0.1:\(try Self.closedPort())"
        let remote = try S3Remote(
            "s3://playbooks/p.ndjson", endpoint: endpoint,
            credentials: S3Credentials(accessKeyId: "AKIDSHOULDNOTSHOW", secretAccessKey: "SECRETSHOULDNOTSHOW"))
        let error = await #expect(throws: PlaybookRemoteError.self) { try await remote.currentRevision() }
        guard case .unavailable(let location, let reason) = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(location == remote.location)
        #expect(reason.contains("connection refused"), "\(reason)")
        #expect(reason.contains(endpoint))
        #expect(error?.isTransient == true)
        #expect(!"\(String(describing: error))".contains("SHOULDNOTSHOW"))
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        // A listening socket nobody accepts from: the connection opens, no answer ever comes.
        let (socket, port) = try Self.listeningSocket()
        defer { close(socket) }
        let remote = try S3Remote(
            "s3://playbooks/p.ndjson", endpoint: "http://127.0.0.1:\(port)", requestTimeout: .milliseconds(300))
        let error = await #expect(throws: PlaybookRemoteError.self) { try await remote.read(after: nil) }
        guard case .unavailable(_, let reason) = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("no answer"), "\(reason)")
        #expect(error?.isTransient == true)
    }

    struct Answer: Sendable, CustomTestStringConvertible {
        var status: Int
        var body: String
        var signed: Bool
        var transient: Bool
        var says: String
        var testDescription: String { "HTTP \(status) \(says)" }
    }

    @Test(arguments: [
        Answer(
            status: 403,
            body: "<Error><Code>SignatureDoesNotMatch</Code><Message>Check your key</Message>"
                + "<StringToSign>AWS4 SECRETSTRING</StringToSign></Error>", signed: true, transient: false,
            says:
                "access denied while trying to read the playbook (SignatureDoesNotMatch: Check your key); check AWS_ACCESS_KEY_ID"
        ),
        Answer(
            status: 403, body: "<Error><Code>AccessDenied</Code></Error>", signed: false, transient: false,
            says: "does not allow anonymous access"),
        Answer(
            status: 404, body: "<Error><Code>NoSuchBucket</Code></Error>", signed: true, transient: false,
            says: "the bucket 'playbooks' does not exist at http://127.0.0.1:8333"),
        Answer(
            status: 503, body: "<Error><Code>SlowDown</Code><Message>Reduce</Message></Error>", signed: true,
            transient: true, says: "HTTP 503 (SlowDown: Reduce); try again later"),
        Answer(status: 500, body: "", signed: false, transient: true, says: "HTTP 500; try again later"),
        Answer(
            status: 400, body: "<Error><Code>InvalidArgument</Code></Error>", signed: true, transient: false,
            says: "unexpected HTTP 400 (InvalidArgument)"),
    ])
    func answersMapToErrorsThatSayWhatHappened(_ answer: Answer) throws {
        let remote = try S3Remote(
            "s3://playbooks/p.ndjson", endpoint: "http://127.0.0.1:8333",
            credentials: answer.signed ? S3Credentials(accessKeyId: "AKIDSHOULDNOTSHOW", secretAccessKey: "S") : nil)
        let response = S3Response(status: answer.status, etag: nil, contentRange: nil, body: Data(answer.body.utf8))
        let error = remote.client.failure(response, operation: "read the playbook")
        #expect(error.description.contains(answer.says), "\(error)")
        #expect(error.isTransient == answer.transient)
        #expect(!error.description.contains("SHOULDNOTSHOW"))
        #expect(!error.description.contains("SECRETSTRING"))
    }

    @Test func contentRangeIsParsed() {
        func range(_ value: String) -> S3Response {
            S3Response(status: 206, etag: nil, contentRange: value, body: Data())
        }
        #expect(range("bytes 10-99/100").range?.start == 10)
        #expect(range("bytes 10-99/100").range?.total == 100)
        #expect(range("bytes */100").range?.start == nil)
        #expect(range("bytes */100").range?.total == 100)
        #expect(range("items 1-2/3").range == nil)
    }

    /// A port on 127.0.0.1 that was free a moment ago and has nothing listening.
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try listeningSocket()
        close(socket)
        return port
    }

    /// A TCP socket listening on 127.0.0.1 at a port the kernel chose.
    static func listeningSocket() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }
}
