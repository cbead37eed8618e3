import RxChainCore

extension PlaybookSnapshot {
    /// Whether the lines read so far hold `record`: a line with its key as `actionId` and the
    /// same bytes as the record's own line (``PlaybookDomain/line(for:)``).
    package func holds<Domain: PlaybookDomain>(_ record: QueueRecord, domain: Domain) -> Bool
    where Domain.State == State {
        guard let id = ActionID(parsing: record.key), let claimed = actionIDs.digest(of: id),
            let line = try? domain.line(for: record)
        else { return false }
        return claimed == LineDigest.of(line)
    }

    /// The state with `pending` applied on top, in order, but for the records the snapshot
    /// already holds; records the rules turn down change nothing.
    package func stateWith<Domain: PlaybookDomain>(pending: [QueueRecord], domain: Domain) -> State
    where Domain.State == State {
        var result = state
        for record in pending where !holds(record, domain: domain) { _ = domain.apply(pending: record, to: &result) }
        return result
    }
}
