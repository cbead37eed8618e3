import RxChainPostgres
import RxChainServer
import RxChainServerTesting
import Testing

/// PostgreSQL against the storage contract every storage keeps (the in-memory double and the
/// journal run the same checks in the root package's `LogStorageContractTests`).
@Suite struct PostgresLogStorageContractTests {
    @Test(arguments: LogStorageContract.Check.allCases)
    func meetsTheContract(_ check: LogStorageContract.Check) async throws {
        let contract = LogStorageContract(
            make: { try await PostgresDatabase.open() },
            reopen: { storage in
                await storage.close()
                return try await PostgresDatabase.open()
            })
        try await contract.run(check)
    }
}
