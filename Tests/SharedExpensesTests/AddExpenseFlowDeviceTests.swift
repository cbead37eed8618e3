import Foundation
import RxChainCore
import RxChainDevice
import SharedExpenses
import Testing

/// The add-expense flow on a real (offline) ``Device``: the operations it records are
/// queued durably, once, however often the submit runs, and survive a reopen.
@Suite struct AddExpenseFlowDeviceTests {
    @Test func aDoubleSubmitQueuesOneOperation() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("add-flow-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A server that is never reached: the device only needs to know its user.
        let setting = try ServerSetting(server: "http://127.0.0.1:9", user: "alice")
        var device = try await Device.open(
            directory: directory, domain: SharedExpensesDomain(), setting: setting)
        try await device.record(Ops.group("G1", members: ["alice", "bob"], id: "g1"))
        let submits = Offered()
        let opened = device
        let flow = AddExpenseFlow(
            user: "alice", prompts: AddExpenseFlowTests.Answers(amountAnswer: 1001), state: { await opened.state },
            record: { operation in
                // The submit runs twice (a double tap): the second finds the id held.
                for _ in 0..<2 {
                    submits.count.withLock { $0 += 1 }
                    do {
                        try await opened.record(operation)
                    } catch is Rejection {
                        continue
                    }
                }
            })
        let added = try #require(try await flow.flow.run().value)
        #expect(submits.count.withLock { $0 } == 2)
        #expect(device.sync.queue.pendingCount == 2, "the group and one spending")
        #expect(await device.state.spendings.keys.map { $0 } == [added.spending.spendingID])
        #expect(await device.state.balances["G1"] == ["alice": ["EUR": 500], "bob": ["EUR": -500]])
        await device.close()

        device = try await Device.open(directory: directory, domain: SharedExpensesDomain())
        #expect(device.problemsOnOpen.isEmpty, "the queued operations read back as the user's")
        #expect(
            await device.store.state.fold.localEntries.map(\.operationID) == ["g1", added.operations[0].operationID])
        #expect(await device.state.balances["G1"] == ["alice": ["EUR": 500], "bob": ["EUR": -500]])
        await device.close()
    }
}
