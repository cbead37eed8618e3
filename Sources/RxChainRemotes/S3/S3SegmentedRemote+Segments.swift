import Foundation
import RxChainLogs

extension S3SegmentedRemote {
    /// The object key of segment `number`: the prefix, the number as 12 zero-padded
    /// digits, `.ndjson` (segment 42 under `team/` is `team/000000000042.ndjson`).
    ///
    /// Zero padding keeps the segments in order in any listing of the prefix.
    package func segmentKey(_ number: Int) -> String {
        prefix + Self.padded(number) + ".ndjson"
    }

    /// `number` as at least 12 decimal digits, zero-padded on the left.
    static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// The revision at segment `number`: ``Revision/noPlaybook`` for 0, else the number.
    func revision(atSegment number: Int) -> Revision {
        number == 0 ? .noPlaybook : Revision(String(number))
    }

    /// The segment a revision names (0 for ``Revision/noPlaybook``), or `nil` for a
    /// revision this remote did not make.
    func segmentNumber(of revision: Revision) -> Int? {
        guard !revision.isNoPlaybook else { return 0 }
        guard let number = Int(revision.rawValue), number > 0, String(number) == revision.rawValue else { return nil }
        return number
    }

    /// The last segment a cursor says was read (0 for `nil`).
    ///
    /// - Throws: ``PlaybookRemoteError/invalidCursor(_:location:reason:)`` unless the
    ///   cursor is a segment number as this remote writes it (`"0"`, `"42"`).
    func segmentNumber(of cursor: PlaybookCursor?) throws -> Int {
        guard let cursor else { return 0 }
        guard let number = Int(cursor.rawValue), number >= 0, String(number) == cursor.rawValue else {
            throw PlaybookRemoteError.invalidCursor(cursor, location: location, reason: "not a segment number")
        }
        return number
    }

    /// The bytes of segment `number`, or `nil` when it does not exist (yet).
    func fetchSegment(_ number: Int) async throws -> Data? {
        try await fetchLines(
            at: segmentKey(number), named: "segment \(number) (\(segmentKey(number)))", writtenBy: "an append",
            operation: "read segment \(number)")
    }

    /// The most segment GETs one read keeps in flight.
    static var maximumParallelReads: Int { 8 }

    /// The bytes of segments `first`, `first + 1`, … up to the first missing one, in order,
    /// and how many segments that is.
    ///
    /// The GETs go in rounds, concurrently within a round: one segment, then as many as have
    /// been read so far, up to ``maximumParallelReads`` (1, 1, 2, 4, 8, then 8 at a time).
    /// A read that finds one new segment still sends two GETs, as one after the other would;
    /// a device `n` segments behind waits for about log₂ n + n / 8 round trips instead of
    /// `n`. Segments fetched past the first missing one are dropped, as a sequential read
    /// would never have asked for them; any failed GET fails the read.
    func fetchSegments(from first: Int) async throws -> (lines: Data, count: Int) {
        var lines = Data()
        var next = first
        while true {
            let width = max(1, min(next - first, Self.maximumParallelReads))
            let round = try await withThrowingTaskGroup(of: (Int, Data?).self) { group in
                for number in next..<next + width {
                    group.addTask { (number, try await self.fetchSegment(number)) }
                }
                var segments = [Data?](repeating: nil, count: width)
                for try await (number, segment) in group { segments[number - next] = segment }
                return segments
            }
            for segment in round {
                guard let segment else { return (lines, next - first) }
                lines.append(segment)
                next += 1
            }
        }
    }

    /// The bytes of the object at `key`, which must be whole lines, or `nil` when it does not exist.
    ///
    /// - Throws: ``PlaybookRemoteError/rejected(location:status:reason:)`` naming the object
    ///   (`name`) and what should have written it when it is empty or ends mid-line; the
    ///   client's mapped error for any other answer.
    func fetchLines(at key: String, named name: String, writtenBy writer: String, operation: String)
        async throws -> Data?
    {
        let response = try await client.send("GET", key: key, headers: ["Accept-Encoding": "identity"])
        switch response.status {
        case 200:
            guard response.body.last == UInt8(ascii: "\n") else {
                throw PlaybookRemoteError.rejected(
                    location: location, status: 200,
                    reason: "\(name) is empty or does not end in a newline; it was not written by \(writer)")
            }
            return response.body
        case 404 where response.errorCode == "NoSuchKey":
            return nil
        default:
            throw client.failure(response, operation: operation)
        }
    }

    /// Whether segment `number` exists.
    ///
    /// A one-byte ranged GET rather than a HEAD: a HEAD's 404 has no body, so it cannot
    /// tell a missing segment from a missing bucket; this answer names `NoSuchKey`.
    func segmentExists(_ number: Int) async throws -> Bool {
        let response = try await client.send(
            "GET", key: segmentKey(number), headers: ["Accept-Encoding": "identity", "Range": "bytes=0-0"])
        switch response.status {
        case 200, 206, 416: return true
        case 404 where response.errorCode == "NoSuchKey": return false
        default: throw client.failure(response, operation: "look for segment \(number)")
        }
    }

    /// A segment known to exist, or to be covered by a checkpoint (0 when none is): the
    /// highest this instance has seen, or, the first time, the newest checkpoint's.
    func knownSegment() async throws -> Int {
        if let known = hint.highestSegment { return known }
        let checkpoint = try await newestCheckpoint() ?? 0
        hint.saw(segment: checkpoint)
        return checkpoint
    }

    /// The last segment, given that every segment through `known` exists: probes
    /// `known + 1`, then gallops (`known + 2`, `+ 4`, `+ 8`, …) to a missing one and
    /// bisects between the last present and the first missing.
    func lastSegment(from known: Int) async throws -> Int {
        guard try await segmentExists(known + 1) else { return known }
        var present = known + 1
        var step = 2
        var missing: Int
        while true {
            let probe = known + step
            guard try await segmentExists(probe) else {
                missing = probe
                break
            }
            present = probe
            step *= 2
        }
        while missing - present > 1 {
            let middle = present + (missing - present) / 2
            if try await segmentExists(middle) { present = middle } else { missing = middle }
        }
        hint.saw(segment: present)
        return present
    }

    /// Checks a cursor after which no segment follows: it must be the last segment.
    ///
    /// - Throws: ``PlaybookRemoteError/invalidCursor(_:location:reason:)`` when the
    ///   cursor's segment does not exist (past the end), or when a later segment is known
    ///   to exist although the next one is missing (old segments were deleted).
    func confirmIsLast(_ number: Int, cursor: PlaybookCursor) async throws {
        let known = try await knownSegment()
        // A later segment may also have been created while this read ran: then the next one exists now.
        if known > number, !(try await segmentExists(number + 1)) {
            throw PlaybookRemoteError.invalidCursor(
                cursor, location: location,
                reason: "segment \(number + 1) is missing although segment \(known) exists (old segments were "
                    + "deleted); read from the start, which begins at the newest checkpoint")
        }
        guard known < number else { return }  // the cursor's segment exists, or is in a checkpoint
        guard try await segmentExists(number) else {
            throw PlaybookRemoteError.invalidCursor(
                cursor, location: location,
                reason: "past the end of the playbook (segment \(number) does not exist)")
        }
        hint.saw(segment: number)
    }
}
