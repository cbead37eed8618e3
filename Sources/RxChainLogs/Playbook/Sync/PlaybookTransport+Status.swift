import Foundation
import RxChainCore
import RxChainSystem

extension PlaybookTransport {
    static func statusPath(_ directory: String) -> String { directory + "/sync-status.json" }

    /// The status a previous process saved, if readable.
    nonisolated static func readStatus(directory: String) -> PlaybookSyncStatus? {
        guard let data = FileManager.default.contents(atPath: statusPath(directory)) else { return nil }
        return try? JSONDecoder.statusDecoder.decode(PlaybookSyncStatus.self, from: data)
    }

    /// Reads the status a device in `directory` saved, without opening it (for `status` commands).
    package nonisolated static func savedStatus(directory: URL) -> PlaybookSyncStatus? {
        readStatus(directory: directory.standardizedFileURL.path)
    }

    /// Saves the status beside the local file; a failure shows in the status itself and in
    /// ``statusSaveFailure`` (cleared by the next save that succeeds).
    func saveStatus() async {
        var status = statusRelay.value
        status.pendingCount = pendingCount()
        statusRelay.send(status)
        let path = directory.path
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            encoder.dateEncodingStrategy = .iso8601
            let data = try encoder.encode(status)
            try await io.performBlocking {
                try PlaybookFile.makeDirectories(path)
                try PlaybookFile.replaceAtomically(Self.statusPath(path), with: data, directory: path)
            }
            statusSaveFailure = nil
        } catch {
            let failure = "cannot save the sync status \(Self.statusPath(path)): \(error)"
            statusSaveFailure = failure
            updateStatus { $0.lastError = failure }
        }
    }

    /// Records the dropped and recovered records of a plan.
    func report(_ plan: PlaybookUploadPlan) {
        let at = now()
        let ignored = plan.dropped.map {
            IgnoredAction(
                key: $0.record.key, tag: $0.record.tag, reason: $0.reason,
                payload: String(decoding: $0.record.payload, as: UTF8.self), at: at)
        }
        let recovered = plan.alreadyInPlaybook.count
        updateStatus { status in
            status.recoveredActions += recovered
            status.ignoredCount += ignored.count
            status.ignoredActions = Array((status.ignoredActions + ignored).suffix(PlaybookSyncStatus.historyLimit))
        }
    }

    /// Forgets what was read (the next download reads the playbook from its start).
    func resetSnapshot(because reason: String) {
        snapshot = PlaybookSnapshot(
            location: remote.location, reducerVersion: domain.reducerVersion, emptyState: domain.emptyState)
        needsSnapshotWrite = true
        if localCopy != nil {
            localCopy = Data()
            localCopyOnDisk = nil  // emptied before the local file shows the new playbook
        }
        baseRelay.send(snapshot.state)
        resetBeforeNextSync = reason
        updateStatus { $0.resetReason = reason }
    }

    nonisolated func updateStatus(_ change: (inout PlaybookSyncStatus) -> Void) {
        statusRelay.update(change)
    }

    static func reason(of outcome: SyncOutcome) -> String {
        switch outcome {
        case .acknowledged: "acknowledged"
        case .retryLater(_, let reason): reason
        case .conflict(let reason): "conflict: \(reason)"
        case .permanentFailure(let reason): reason
        }
    }
}

extension JSONDecoder {
    static var statusDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
