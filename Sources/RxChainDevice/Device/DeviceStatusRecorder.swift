import Dispatch
import Foundation
import RxChainSystem

/// Keeps a device's ``DeviceStatusFile`` up to date: each change is made under a lock, and the
/// writes run one at a time on the recorder's serial queue, newest version only (a write
/// overtaken by a newer one is skipped), so the file never goes back to an older status.
final class DeviceStatusRecorder: Sendable {
    private struct Recorded: Sendable {
        var file: DeviceStatusFile
        var version = 0
        var written = 0
    }

    private let directory: URL
    private let recorded: Lock<Recorded>
    private let writes = DispatchQueue(label: "rxchain.device.status")

    init(directory: URL) {
        self.directory = directory
        recorded = Lock(Recorded(file: (try? DeviceStatusFile.read(directory: directory)) ?? DeviceStatusFile()))
    }

    /// A sync or poll succeeded: a standing failure is cleared; `newDeadLetters` are noted as seen now.
    func succeeded(newDeadLetters: [UInt64], at now: Date = Date()) async throws {
        try await change { file in
            file.lastSyncAt = now
            file.lastError = nil
            file.lastErrorAt = nil
            file.offline = false
            for id in newDeadLetters { file.deadLetters[String(id)] = now }
        }
    }

    /// A sync or poll failed with `reason`; `offline` when the remote could not be reached.
    func failed(_ reason: String, offline: Bool, at now: Date = Date()) async throws {
        try await change { file in
            file.lastError = reason
            file.lastErrorAt = now
            file.offline = offline
        }
    }

    private func change(_ body: (inout DeviceStatusFile) -> Void) async throws {
        let version = recorded.withLock { recorded in
            body(&recorded.file)
            recorded.version += 1
            return recorded.version
        }
        try await writes.performBlocking { [self] in
            let snapshot: DeviceStatusFile? = recorded.withLock { $0.written >= version ? nil : $0.file }
            guard let snapshot else { return }
            try snapshot.write(in: directory)
            recorded.withLock { $0.written = max($0.written, version) }
        }
    }
}
