import Foundation

@testable import Ledger

/// What the sync tests read off a playbook's text, wherever it came from (a directory
/// remote's file, or a read of an S3 remote from the start).
enum SyncPlaybookText {
    /// What replaying `text` gives.
    static func replay(_ text: String) -> ReplicatedLedger {
        LedgerReplay.replay(Data(text.utf8)).ledger
    }

    /// The `actionId`s in `text`, in order.
    static func actionIDs(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard case .success(let entry) = ActionParser.parse(String(line)) else { return nil }
            return entry.actionId?.description
        }
    }
}
