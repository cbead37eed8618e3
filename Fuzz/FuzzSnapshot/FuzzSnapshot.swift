import Foundation
import FuzzSupport
import Ledger
import TimeTracking

@testable import RxChainLogs
@testable import RxChainSystem

// A device's `local.snapshot` read back from any bytes (`PlaybookSnapshotFile.decode`: the
// envelope, the action-id index, then the domain's state decoder: the ledger's binary codec, the
// time tracker's JSON default). A snapshot decoder must throw, never trap, on any input.
// - A snapshot that decodes writes (`encode`) bytes that decode to the same snapshot, and
//   writes those same bytes again.
//
// Input: one byte of flags, then the bytes. With flag 1 the bytes are a body that gets the
// envelope's header (magic, version, length, CRC-32) so the fuzzer reaches the decoders behind
// the checksum; flag 2 picks the time tracker's domain instead of the ledger's.

@main enum FuzzSnapshot {
    static func main() { runFuzzer(fuzzSnapshot) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshot(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    let flags = input.byte()
    var bytes = input.rest()
    if flags & 1 == 1 { bytes = enveloped(bytes) }
    if flags & 2 == 2 {
        checkRoundTrip(Data(bytes), TimeTrackingDomain())
    } else {
        checkRoundTrip(Data(bytes), LedgerDomain())
    }
    return 0
}

private func checkRoundTrip<Domain: PlaybookDomain>(_ bytes: Data, _ domain: Domain) {
    guard let snapshot = try? PlaybookSnapshotFile.decode(bytes, domain: domain) else { return }
    let written: Data
    do {
        written = try PlaybookSnapshotFile.encode(snapshot, domain: domain)
    } catch {
        propertyFailed("\(domain.name): a snapshot read back does not write: \(error)")
    }
    let again: PlaybookSnapshot<Domain.State>
    do {
        again = try PlaybookSnapshotFile.decode(written, domain: domain)
    } catch {
        propertyFailed("\(domain.name): a snapshot written does not read back: \(error)")
    }
    check(again == snapshot, "\(domain.name): a snapshot written and read back differs")
    check(
        (try? PlaybookSnapshotFile.encode(again, domain: domain)) == written,
        "\(domain.name): the same snapshot written twice differs")
}

/// `body` in the envelope: magic, version, length and CRC-32 that check out.
private func enveloped(_ body: [UInt8]) -> [UInt8] {
    var header = SnapshotWriter(capacity: PlaybookSnapshotFile.headerSize)
    header.write(raw: PlaybookSnapshotFile.magic)
    header.write(uint32: PlaybookSnapshotFile.version)
    header.write(uint64: UInt64(body.count))
    header.write(uint32: CRC32.checksum(body))
    return header.bytes + body
}
