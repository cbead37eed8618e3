import Foundation

extension PlaybookSyncStatus {
    enum CodingKeys: String, CodingKey {
        case location, revision, lineCount, pendingCount, lastStartedAt, lastSucceededAt, lastFailedAt
        case lastError, lastErrorIsPermanent, lastLinesDownloaded, linesDownloaded, lastLinesUploaded
        case linesUploaded, recoveredActions, ignoredActions, ignoredCount, diagnostics, deviceID
        case deviceIDChanges, resetReason
    }

    /// Reads a saved status; a field an older release did not write takes its default, so a
    /// status survives an upgrade.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(location: try container.decode(String.self, forKey: .location))
        revision = try container.decodeIfPresent(Revision.self, forKey: .revision) ?? revision
        lineCount = try container.decodeIfPresent(Int.self, forKey: .lineCount) ?? 0
        pendingCount = try container.decodeIfPresent(Int.self, forKey: .pendingCount) ?? 0
        lastStartedAt = try container.decodeIfPresent(Date.self, forKey: .lastStartedAt)
        lastSucceededAt = try container.decodeIfPresent(Date.self, forKey: .lastSucceededAt)
        lastFailedAt = try container.decodeIfPresent(Date.self, forKey: .lastFailedAt)
        lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
        lastErrorIsPermanent = try container.decodeIfPresent(Bool.self, forKey: .lastErrorIsPermanent)
        lastLinesDownloaded = try container.decodeIfPresent(Int.self, forKey: .lastLinesDownloaded) ?? 0
        linesDownloaded = try container.decodeIfPresent(Int.self, forKey: .linesDownloaded) ?? 0
        lastLinesUploaded = try container.decodeIfPresent(Int.self, forKey: .lastLinesUploaded) ?? 0
        linesUploaded = try container.decodeIfPresent(Int.self, forKey: .linesUploaded) ?? 0
        recoveredActions = try container.decodeIfPresent(Int.self, forKey: .recoveredActions) ?? 0
        ignoredActions = try container.decodeIfPresent([IgnoredAction].self, forKey: .ignoredActions) ?? []
        ignoredCount = try container.decodeIfPresent(Int.self, forKey: .ignoredCount) ?? 0
        diagnostics = try container.decodeIfPresent([String].self, forKey: .diagnostics) ?? []
        deviceID = try container.decodeIfPresent(String.self, forKey: .deviceID)
        deviceIDChanges = try container.decodeIfPresent([DeviceIDChange].self, forKey: .deviceIDChanges) ?? []
        resetReason = try container.decodeIfPresent(String.self, forKey: .resetReason)
    }
}
