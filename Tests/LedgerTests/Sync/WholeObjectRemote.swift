import Foundation
import RxChainLogs
import RxChainSystem
import Synchronization

/// An in-memory remote that keeps the playbook as one object and replaces it whole on
/// every append, as ``S3Remote`` does: it needs the local copy, and refuses one that
/// does not start with the object's bytes (so a test fails when the device's copy drifts).
final class WholeObjectRemote: PlaybookRemote {
    private struct Object {
        var bytes = Data()
        var version = 0
        var appendFailure: PlaybookRemoteError?
    }

    let location: String
    var needsLocalCopy: Bool { true }
    private let object = Lock(Object())

    /// An empty object called `name`.
    init(_ name: String = "playbook") {
        location = "memory://whole-object/\(name).ndjson"
    }

    /// The object's bytes.
    var bytes: Data { object.withLock { $0.bytes } }

    /// Makes every later append throw `error` (`nil`: succeed again).
    func failAppends(with error: PlaybookRemoteError?) {
        object.withLock { $0.appendFailure = error }
    }

    /// Replaces the object (another tool rewrote it).
    func replace(with bytes: Data) {
        object.withLock {
            $0.bytes = bytes
            $0.version += 1
        }
    }

    func currentRevision() async throws -> Revision {
        object.withLock { Self.revision($0) }
    }

    func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk {
        try object.withLock { object in
            let offset = cursor.flatMap { Int($0.rawValue) } ?? 0
            guard offset <= object.bytes.count else {
                throw PlaybookRemoteError.invalidCursor(
                    cursor ?? PlaybookCursor("0"), location: location, reason: "past the end")
            }
            return PlaybookChunk(
                lines: object.bytes.subdata(in: offset..<object.bytes.count),
                cursor: PlaybookCursor(String(object.bytes.count)), revision: Self.revision(object))
        }
    }

    func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome {
        try object.withLock { object in
            if let failure = object.appendFailure { throw failure }
            guard revision == Self.revision(object) else { return .conflict(current: Self.revision(object)) }
            guard let localCopy, localCopy == object.bytes + lines else {
                throw PlaybookRemoteError.invalidLines(
                    location: location,
                    reason: "localCopy (\(localCopy?.count ?? -1) bytes) is not the object (\(object.bytes.count) "
                        + "bytes) followed by the \(lines.count) bytes of lines")
            }
            object.bytes = localCopy
            object.version += 1
            return .committed(revision: Self.revision(object), cursor: PlaybookCursor(String(localCopy.count)))
        }
    }

    private static func revision(_ object: Object) -> Revision {
        object.version == 0 ? .noPlaybook : Revision("v\(object.version)")
    }
}
