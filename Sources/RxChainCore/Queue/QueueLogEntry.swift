import Foundation

/// One line of a queue log, decoded.
///
/// On disk each line is `<crc32 as 8 lowercase hex digits> <json>\n`, the CRC taken over
/// the JSON bytes. The JSON object's `kind` says which entry it is:
///
/// ```
/// 3f1c0a9e {"kind":"header","version":1,"next_seq":1}
/// 6a0b93e1 {"kind":"header","version":2,"next_seq":1,"device":"B7F0…"}   after a device id change
/// 0b5e77d2 {"kind":"enqueue","seq":1,"key":"A1B2:1","tag":"expense/put","payload":{"id":7}}
/// 91aa03c4 {"kind":"ack","seq":1}                      one request, or
/// 5d02e1f8 {"kind":"ack","from":2,"through":9}         a run of them
/// 77c0d1a2 {"kind":"dead","seq":10,"reason":"HTTP 422: bad category"}
/// 1e0f4b63 {"kind":"retry","seq":10}
/// 0c1d2e3f {"kind":"device","id":"B7F0…","keep":[7]}   re-keys every request before it but 7
/// ```
///
/// The payload is always the last field, written verbatim, so it is read back byte for byte.
enum QueueLogEntry: Sendable, Equatable {
    /// The first line of every log: the format version, the next sequence number to
    /// assign (so sequence numbers survive compaction of every record) and, once the device
    /// id was changed (``SyncQueue/changeDeviceID(to:)``), the device id (which then wins over
    /// the `device-id` file).
    case header(version: Int, nextSeq: UInt64, deviceID: String? = nil)
    case enqueue(QueueRecord)
    case ack(ClosedRange<UInt64>)
    case dead(seq: UInt64, reason: String)
    case retry(seq: UInt64)
    /// The device id changes to `id`: every request pending or dead before it, but those in
    /// `keeping`, gets the key `"<id>:<seq>"`, and later ones are enqueued with it. The live
    /// queue never appends it: it rewrites the log (a compaction), whose header then carries
    /// the id and whose records carry their keys.
    case device(id: String, keeping: Set<UInt64> = [])

    /// The format version of a log whose header carries no device id (what version 1 reads).
    static let version = 1
    /// The format version of a log whose header carries a device id. Version 1 code refuses
    /// it ("newer than this program reads") rather than ignore the id and key new requests
    /// with a stale one.
    static let deviceIDVersion = 2
    /// The newest format version this code reads.
    static let newestVersion = deviceIDVersion

    /// Whether the entry puts a request among the pending ones (a new one, or a dead letter retried).
    var makesRequestPending: Bool {
        switch self {
        case .enqueue, .retry: true
        case .header, .ack, .dead, .device: false
        }
    }
}

/// Why a log line could not be decoded.
enum QueueLineDefect: Error, Equatable, CustomStringConvertible {
    /// The line is not self-consistent (bad CRC, no CRC, unreadable JSON): damaged or torn.
    case damaged(String)
    /// The line checks out, but its content is not a record this code understands.
    case invalid(String)

    var description: String {
        switch self {
        case .damaged(let reason), .invalid(let reason): reason
        }
    }
}
