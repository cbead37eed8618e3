import Foundation
import RxChainLogs

extension S3HTTPClient {
    /// Whether requests are signed (credentials were given) or anonymous.
    var isSigned: Bool { signer != nil }

    /// The error for an HTTP answer a remote did not expect, naming the status, S3's
    /// error code and what to check. Throttling and 5xx are
    /// ``PlaybookRemoteError/unavailable(location:reason:)`` (transient); the rest are
    /// ``PlaybookRemoteError/rejected(location:status:reason:)`` (permanent). Shared by
    /// both layouts, so a 403 or a missing bucket reads the same whichever is used.
    func failure(_ response: S3Response, operation: String) -> PlaybookRemoteError {
        let code = response.errorCode
        let said = [code, response.errorMessage].compactMap { $0 }.joined(separator: ": ")
        let server = said.isEmpty ? "" : " (\(said))"
        let location = address.location
        switch response.status {
        case 408, 429, 500...599:
            return .unavailable(
                location: location, reason: "cannot \(operation): HTTP \(response.status)\(server); try again later")
        case 401, 403:
            let advice =
                isSigned
                ? "check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN, AWS_REGION) "
                    + "and that the key may use bucket '\(address.bucket)'"
                : "the server does not allow anonymous access; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"
            return .rejected(
                location: location, status: response.status,
                reason: "access denied while trying to \(operation)\(server); \(advice)")
        case 404 where code == "NoSuchBucket":
            return .rejected(
                location: location, status: 404,
                reason: "the bucket '\(address.bucket)' does not exist at \(address.endpoint); create it first")
        case 301, 307:
            return .rejected(
                location: location, status: response.status,
                reason: "cannot \(operation): redirected\(server); is the region or endpoint right for bucket "
                    + "'\(address.bucket)'?")
        case 400 where code == "AuthorizationHeaderMalformed":
            return .rejected(
                location: location, status: response.status,
                reason: "cannot \(operation)\(server); is the region or endpoint right for bucket '\(address.bucket)'?")
        default:
            return .rejected(
                location: location, status: response.status,
                reason: "cannot \(operation): unexpected HTTP \(response.status)\(server)")
        }
    }

    /// Refuses `lines` unless they are one or more complete lines (non-empty, ending in
    /// `"\n"`), before anything is sent.
    ///
    /// - Throws: ``PlaybookRemoteError/invalidLines(location:reason:)``.
    func checkComplete(_ lines: Data) throws {
        guard !lines.isEmpty else {
            throw PlaybookRemoteError.invalidLines(location: address.location, reason: "no lines given")
        }
        guard lines.last == UInt8(ascii: "\n") else {
            throw PlaybookRemoteError.invalidLines(
                location: address.location, reason: "the last line does not end in a newline (\"\\n\")")
        }
    }
}
