import Foundation

extension S3Remote {
    /// The error for an HTTP answer the remote did not expect, naming the status, S3's
    /// error code and what to check. Throttling and 5xx are
    /// ``PlaybookRemoteError/unavailable(location:reason:)`` (transient); the rest are
    /// ``PlaybookRemoteError/rejected(location:status:reason:)`` (permanent).
    func failure(_ response: S3Response, operation: String) -> PlaybookRemoteError {
        let code = response.errorCode
        let said = [code, response.errorMessage].compactMap { $0 }.joined(separator: ": ")
        let server = said.isEmpty ? "" : " (\(said))"
        let address = client.address
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

    /// The answer's `ETag` as a revision.
    func revision(of response: S3Response, operation: String) throws -> Revision {
        guard let etag = response.etag, !etag.isEmpty else {
            throw PlaybookRemoteError.rejected(
                location: location, status: response.status,
                reason: "cannot \(operation): the server sent no ETag, which conditional writes need")
        }
        return Revision(etag)
    }

    /// The error for a cursor beyond the object's end.
    func pastTheEnd(_ cursor: PlaybookCursor?, length: Int?) -> PlaybookRemoteError {
        .invalidCursor(
            cursor ?? PlaybookCursor("0"), location: location,
            reason: "past the end of the playbook" + (length.map { " (\($0) bytes)" } ?? ""))
    }

    /// The byte offset a cursor names (0 for `nil`).
    func byteOffset(of cursor: PlaybookCursor?) throws -> Int {
        guard let cursor else { return 0 }
        guard let offset = Int(cursor.rawValue), offset >= 0 else {
            throw PlaybookRemoteError.invalidCursor(cursor, location: location, reason: "not a byte offset")
        }
        return offset
    }

    /// Refuses lines that are not complete, and a local copy that does not end with them.
    func validate(_ lines: Data, localCopy: Data?) throws {
        guard !lines.isEmpty else {
            throw PlaybookRemoteError.invalidLines(location: location, reason: "no lines given")
        }
        guard lines.last == UInt8(ascii: "\n") else {
            throw PlaybookRemoteError.invalidLines(
                location: location, reason: "the last line does not end in a newline (\"\\n\")")
        }
        guard let localCopy else {
            throw PlaybookRemoteError.invalidLines(
                location: location,
                reason: "S3Remote replaces the whole object: pass localCopy (the playbook at the expected "
                    + "revision followed by the lines)")
        }
        guard localCopy.count >= lines.count, localCopy.suffix(lines.count).elementsEqual(lines) else {
            throw PlaybookRemoteError.invalidLines(
                location: location, reason: "localCopy does not end with the lines being appended")
        }
        guard localCopy.dropLast(lines.count).last ?? UInt8(ascii: "\n") == UInt8(ascii: "\n") else {
            throw PlaybookRemoteError.invalidLines(
                location: location, reason: "localCopy does not end in a newline before the appended lines")
        }
    }
}
