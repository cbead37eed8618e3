import Foundation
import RxChainLogs

extension S3Remote {
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
        try client.checkComplete(lines)
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
