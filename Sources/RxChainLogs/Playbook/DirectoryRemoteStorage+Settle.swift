import Foundation

extension DirectoryRemoteStorage {
    /// The playbook after ``settle(_:)``: committed up to `snapshot.length`, and nothing
    /// after that but, possibly, one incomplete line another program wrote.
    struct Settled {
        var snapshot: Snapshot
        /// Where an incomplete line (no `"\n"` yet) written by another program begins, if
        /// the file ends in one. Appending after it would join two lines.
        var incompleteLineAt: Int?
    }

    /// Brings the commit record in line with the playbook. Only a holder of the lock calls this.
    ///
    /// - A record that does not fit the file (past its end, ending inside a line,
    ///   unreadable as a record) is repaired: committed = the end of the last complete
    ///   line, in a new epoch; the old record is kept as `<playbook>.commit.corrupt-<epoch>`
    ///   and the reason written into the new one.
    /// - Bytes past the committed length that the intent explains (this remote's own
    ///   append, in progress when a writer died or failed) are cut.
    /// - Any other complete lines past it were appended by another program: they are
    ///   fsynced and committed in file order (adopted), under a new generation. An
    ///   incomplete line after them is left alone and reported in
    ///   ``Settled/incompleteLineAt``.
    ///
    /// Nothing here writes over, joins or drops a line: the only bytes ever cut are
    /// the intent's own.
    ///
    /// - Parameter file: the playbook, opened `O_RDWR | O_APPEND`, or `nil` when there is none.
    func settle(_ file: PlaybookFile?) throws -> Settled {
        let size = try file?.size() ?? 0
        let record: CommitRecord
        switch try CommitRecord.load(commitPath) {
        case .missing:
            guard let file, size > 0 else { return Settled(snapshot: .empty) }
            // A file no append of ours has touched: every complete line is another program's, already visible.
            let end = try file.completeLinesLength(size: size)
            return Settled(snapshot: Snapshot(record: nil, length: end), incompleteLineAt: end < size ? end : nil)
        case .corrupt(let reason, let bytes):
            return try repair(file, size: size, reason: reason, quarantining: bytes)
        case .valid(let valid, let bytes):
            if let problem = try mismatch(of: valid, file: file, size: size) {
                return try repair(file, size: size, reason: problem, quarantining: bytes)
            }
            record = valid
        }
        guard let file, size > record.length else { return Settled(snapshot: Snapshot(record)) }

        if let intent = try DirectoryRemoteIntent.load(intentPath), intent.builds(on: record),
            size - record.length <= intent.lines.count,
            intent.explains(try file.read(count: size - record.length, at: record.length))
        {
            // Ours: an append that never committed. Cut it, unless someone appended since the tail was read.
            guard try file.size() == size else { return try settle(file) }
            try file.truncate(to: record.length)
            try file.sync()
            return Settled(snapshot: Snapshot(record))
        }
        let end = try file.completeLinesLength(size: size)
        var committed = record
        if end > record.length {
            // Another program's lines may still be only in the page cache: durable first, then committed.
            try file.sync()
            committed = record.advanced(to: end)
            try committed.publish(to: commitPath, directory: directoryPath)
        }
        return Settled(snapshot: Snapshot(committed), incompleteLineAt: end < size ? end : nil)
    }

    /// Replaces a record that does not fit the playbook: a new epoch committing up to the
    /// last complete line, after a copy of the old record's bytes is put aside.
    private func repair(_ file: PlaybookFile?, size: Int, reason: String, quarantining bytes: Data) throws -> Settled {
        let end = try file?.completeLinesLength(size: size) ?? 0
        try file?.sync()
        let record = CommitRecord.fresh(length: end, generation: 1, repaired: reason)
        try PlaybookFile.replaceAtomically(
            commitPath + ".corrupt-" + record.epoch, with: bytes, directory: directoryPath)
        try record.publish(to: commitPath, directory: directoryPath)
        return Settled(snapshot: Snapshot(record), incompleteLineAt: end < size ? end : nil)
    }
}

extension DirectoryRemoteStorage.Settled {
    init(snapshot: DirectoryRemoteStorage.Snapshot) {
        self.init(snapshot: snapshot, incompleteLineAt: nil)
    }
}
