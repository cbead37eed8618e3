import Foundation
import RxChainServer
import RxChainServerStorage
import RxChainServerTesting
import Testing

/// Every storage of this package against the one contract: the in-memory double, the journal,
/// and the journal with segments so small that nearly every read and lookup goes through closed
/// segments' index files (PostgreSQL runs the same checks in the example server's tests).
@Suite struct LogStorageContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case memory
        case journal
        case journalOfSmallSegments

        var testDescription: String { rawValue }

        func contract(in scratch: ScratchDirectory) -> LogStorageContract {
            let directory = scratch.journal.path
            switch self {
            case .memory:
                return LogStorageContract(make: { MemoryLogStorage() })
            case .journal, .journalOfSmallSegments:
                let segmentSize = self == .journal ? JournalStorage.defaultSegmentSize : 2_048
                let open: LogStorageContract.Make = {
                    try await JournalStorage.open(directory: directory, segmentSize: segmentSize, cacheBytes: 1 << 16)
                }
                return LogStorageContract(
                    make: open,
                    reopen: { storage in
                        await storage.close()
                        return try await open()
                    })
            }
        }
    }

    @Test(arguments: Implementation.allCases, LogStorageContract.Check.allCases)
    func meetsTheContract(_ implementation: Implementation, _ check: LogStorageContract.Check) async throws {
        let scratch = ScratchDirectory("contract")
        try await implementation.contract(in: scratch).run(check)
    }
}
