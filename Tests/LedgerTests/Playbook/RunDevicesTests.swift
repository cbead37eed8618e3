import RxChainTesting
import Testing

@testable import Ledger

/// A run's device marks tell duplicates exactly as a running high-water mark per device does.
@Suite struct RunDevicesTests {
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func stampsAgreeWithARunningMarkPerDevice(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        // Marks carried into the run: some devices known before it, others new.
        var carried: [String: UInt64] = [:]
        for device in 0..<20 where Bool.random(using: &generator) {
            carried["device-\(device)"] = UInt64.random(in: 0...20, using: &generator)
        }
        var running = carried
        var devices = RunDevices()
        var stamps: [(ActionStamp, expected: Bool)] = []
        for _ in 0..<400 {
            let id = ActionID(
                deviceID: "device-\(Int.random(in: 0..<20, using: &generator))",
                seq: UInt64.random(in: 0...40, using: &generator))
            let isDuplicate = running[id.deviceID].map { id.seq <= $0 } ?? false
            if !isDuplicate { running[id.deviceID] = id.seq }
            stamps.append((devices.stamp(id), isDuplicate))
        }
        let carriedBySlot = devices.deviceIDs.map { carried[$0] }
        for (index, (stamp, expected)) in stamps.enumerated() {
            #expect(stamp.isDuplicate(carried: carriedBySlot) == expected, "seed \(seed), line \(index)")
        }
        #expect(devices.deviceIDs.count == Set(devices.deviceIDs).count, "seed \(seed): one slot per device")
        for (deviceID, highest) in zip(devices.deviceIDs, devices.highest) {
            #expect(max(carried[deviceID] ?? 0, highest) == running[deviceID], "seed \(seed), \(deviceID)")
        }
    }
}
