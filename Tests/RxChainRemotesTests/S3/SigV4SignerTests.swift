import Foundation
import Testing

@testable import RxChainRemotes
@testable import RxChainSystem

/// The examples of AWS's "Signature Calculations for the Authorization Header" (S3 API
/// reference, sigv4-header-based-auth), with the documented key pair and outputs.
@Suite struct SigV4SignerTests {
    static let example = S3Credentials(
        accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    /// Fri, 24 May 2013 00:00:00 GMT.
    static let exampleDate = Date(timeIntervalSince1970: 1_369_353_600)

    @Test func theGetObjectExampleGivesTheDocumentedSignature() {
        let signer = SigV4Signer(credentials: Self.example, region: "us-east-1")
        let signed = signer.sign(
            method: "GET", host: "examplebucket.s3.amazonaws.com", encodedPath: "/test.txt", query: [],
            headers: ["Range": "bytes=0-9"], payloadHash: SigV4Signer.emptyPayloadHash, date: Self.exampleDate)
        #expect(
            signed.canonicalRequest == """
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """)
        #expect(
            signed.stringToSign == """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
                """)
        #expect(signed.signature == "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        let authorization = signed.headers.first { $0.name == "authorization" }?.value
        #expect(
            authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        #expect(signed.headers.map(\.name) == ["range", "x-amz-content-sha256", "x-amz-date", "authorization"])
    }

    /// The PUT example: a `$` in the key is encoded once (`%24`), extra headers are signed.
    @Test func thePutObjectExampleGivesTheDocumentedSignature() {
        let payload = Array("Welcome to Amazon S3.".utf8)
        let payloadHash = Hex.encode(SHA256.hash(payload))
        #expect(payloadHash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let signer = SigV4Signer(credentials: Self.example, region: "us-east-1")
        let signed = signer.sign(
            method: "PUT", host: "examplebucket.s3.amazonaws.com",
            encodedPath: SigV4Signer.encodePath("/test$file.text"),
            query: [],
            headers: ["Date": "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY"],
            payloadHash: payloadHash, date: Self.exampleDate)
        #expect(signed.canonicalRequest.hasPrefix("PUT\n/test%24file.text\n\ndate:Fri, 24 May 2013 00:00:00 GMT\n"))
        #expect(signed.signature == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    /// The list-objects example: query parameters are encoded and sorted.
    @Test func theListObjectsExampleSortsTheQuery() {
        let signer = SigV4Signer(credentials: Self.example, region: "us-east-1")
        let signed = signer.sign(
            method: "GET", host: "examplebucket.s3.amazonaws.com", encodedPath: "/",
            query: [("prefix", "J"), ("max-keys", "2")], headers: [:], payloadHash: SigV4Signer.emptyPayloadHash,
            date: Self.exampleDate)
        #expect(signed.canonicalRequest.split(separator: "\n")[2] == "max-keys=2&prefix=J")
        #expect(signed.signature == "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    @Test func aSessionTokenIsSignedAndSent() {
        let credentials = S3Credentials(accessKeyId: "AKID", secretAccessKey: "secret", sessionToken: "token/+=")
        let signed = SigV4Signer(credentials: credentials, region: "eu-west-1").sign(
            method: "HEAD", host: "127.0.0.1:8333", encodedPath: "/playbooks/a.ndjson", query: [], headers: [:],
            payloadHash: SigV4Signer.emptyPayloadHash, date: Self.exampleDate)
        #expect(signed.canonicalRequest.contains("\nhost:127.0.0.1:8333\n"))
        #expect(signed.canonicalRequest.contains("\nx-amz-security-token:token/+=\n"))
        #expect(signed.headers.contains { $0.name == "x-amz-security-token" && $0.value == "token/+=" })
        #expect(signed.stringToSign.contains("20130524/eu-west-1/s3/aws4_request"))
        #expect(
            signed.headers.last?.value.contains(
                "SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token")
                == true)
    }

    @Test(arguments: [
        ("/playbooks/team/playbook.ndjson", "/playbooks/team/playbook.ndjson"),
        ("/b/a b+c", "/b/a%20b%2Bc"),
        ("/b/ü~_-.", "/b/%C3%BC~_-."),
        ("/b/x%y", "/b/x%25y"),
    ])
    func pathsAreEncodedOnce(path: String, encoded: String) {
        #expect(SigV4Signer.encodePath(path) == encoded)
    }

    @Test func headerValuesAreTrimmedAndNamesLowercased() {
        let signed = SigV4Signer(credentials: Self.example, region: "us-east-1").sign(
            method: "GET", host: "h", encodedPath: "/", query: [], headers: ["X-Custom": "  a   b  "],
            payloadHash: SigV4Signer.emptyPayloadHash, date: Self.exampleDate)
        #expect(signed.canonicalRequest.contains("\nx-custom:a b\n"))
    }

    @Test func timestampsAreUTC() {
        #expect(SigV4Signer.timestamps(Self.exampleDate) == ("20130524", "20130524T000000Z"))
        let later = SigV4Signer.timestamps(Date(timeIntervalSince1970: 1_700_000_000.9))
        #expect(later == ("20231114", "20231114T221320Z"))
    }

    @Test func credentialsNeverAppearInDescriptionsOrDumps() {
        let credentials = S3Credentials(
            accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            sessionToken: "SESSIONTOKENEXAMPLE")
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [
            credentials.description, credentials.debugDescription, String(describing: credentials),
            String(reflecting: credentials), "\(credentials)", dumped, "\([credentials])",
        ] {
            for secret in ["AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI", "SESSIONTOKENEXAMPLE"] {
                #expect(!text.contains(secret), "'\(text)' shows a secret")
            }
        }
    }

    @Test func credentialsComeFromTheGivenEnvironmentOnly() {
        #expect(S3Credentials(environment: [:]) == nil)
        #expect(S3Credentials(environment: ["AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": ""]) == nil)
        let full = S3Credentials(environment: [
            "AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b", "AWS_SESSION_TOKEN": "",
        ])
        #expect(full == S3Credentials(accessKeyId: "a", secretAccessKey: "b"))
        #expect(full?.sessionToken == nil)
        #expect(S3Credentials.region(environment: [:]) == "us-east-1")
        #expect(S3Credentials.region(environment: ["AWS_DEFAULT_REGION": "eu-west-1"]) == "eu-west-1")
        #expect(S3Credentials.region(environment: ["AWS_REGION": "auto", "AWS_DEFAULT_REGION": "x"]) == "auto")
    }
}
