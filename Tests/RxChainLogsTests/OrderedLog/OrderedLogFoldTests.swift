import RxChainLogs
import RxChainTesting
import Testing

/// The engine's fold of a server-ordered domain (the toy list): the state is the set of
/// entries sorted by `(ts, id)` then the local ones, kept incrementally.
@Suite struct OrderedLogFoldTests {
    typealias Entry = ListDomain.Entry

    /// Whatever the arrival order, batching, copies and confirmations, the incremental fold
    /// equals sorting every confirmed entry and folding from scratch, then the local entries;
    /// and each receive re-applies fewer than one checkpoint interval before its first new
    /// entry, plus the entries after it.
    @Test func incrementalFoldEqualsFoldFromScratch() throws {
        try forAll(OrderedLogScenario.gen, iterations: 300) { scenario in
            var fold = OrderedLogFold(domain: ListDomain(), checkpointInterval: scenario.checkpointInterval)
            var costsWithinBound = true
            for step in scenario.steps {
                switch step {
                case .local(let entry): fold.addLocal(entry)
                case .receive(let batch):
                    let before = Set(fold.confirmedEntries.map(\.id))
                    let change = fold.receive(batch)
                    let after = fold.confirmedEntries
                    let firstNew = after.firstIndex { !before.contains($0.id) } ?? after.count
                    // Re-applied: fewer than one interval before the first new entry, plus the old entries after it.
                    let bound = scenario.checkpointInterval - 1 + (after.count - firstNew - change.accepted)
                    costsWithinBound =
                        costsWithinBound && change.applied == change.accepted && change.reapplied <= bound
                        && change.localApplied == (change.accepted > 0 ? fold.localEntries.count : 0)
                }
            }
            let expected = scenario.expected()
            let reference = ListDomain().foldFromScratch(confirmed: expected.confirmed, locals: expected.locals)
            let skipped = fold.diagnostics.compactMap { diagnostic -> String? in
                guard case .skipped(let reason) = diagnostic.kind else { return nil }
                return "\(diagnostic.id): \(reason)"
            }
            return costsWithinBound && fold.state == reference.state && skipped == reference.skipped
                && fold.localEntries == expected.locals && fold.confirmedEntries.count == expected.confirmed.count
        }
    }

    /// The generator reaches what the property compares: late entries, locals, copies, skips.
    @Test func generatedScenariosHoldEveryKindOfArrival() {
        var (late, locals, duplicates, clashes, skipped) = (0, 0, 0, 0, 0)
        for scenario in OrderedLogScenario.gen.samples(count: 40, seed: 17) {
            var fold = OrderedLogFold(domain: ListDomain(), checkpointInterval: scenario.checkpointInterval)
            for step in scenario.steps {
                switch step {
                case .local(let entry): locals += fold.addLocal(entry).accepted
                case .receive(let batch): late += fold.receive(batch).reapplied > 0 ? 1 : 0
                }
            }
            for diagnostic in fold.diagnostics {
                switch diagnostic.kind {
                case .duplicate: duplicates += 1
                case .clash: clashes += 1
                case .skipped: skipped += 1
                case .unordered: break
                }
            }
        }
        #expect(late > 20 && locals > 20 && duplicates > 10 && clashes > 10 && skipped > 10)
    }

    @Test func anEntryAfterEverythingFoldedCostsOnlyItsOwnApply() {
        var fold = OrderedLogFold(domain: ListDomain(), checkpointInterval: 4)
        fold.receive((0..<10).map { (number: Int) in Entry.append("x\(number)", id: "e\(number)", ts: number) })
        let change = fold.receive([Entry.append("last", id: "e10", ts: 10)])
        #expect(change.accepted == 1 && change.applied == 1 && change.reapplied == 0 && change.localApplied == 0)
        #expect(fold.state == (0..<10).map { "x\($0)" } + ["last"])
    }

    /// A late entry restores the checkpoint at or before its position: it re-applies at most
    /// the interval plus the entries after it.
    @Test func aLateEntryReappliesAtMostTheIntervalPlusTheSuffix() {
        var fold = OrderedLogFold(domain: ListDomain(), checkpointInterval: 8)
        fold.receive((0..<100).map { (number: Int) in Entry.append("x\(number)", id: "e\(number)", ts: number * 10) })
        let change = fold.receive([Entry.append("late", id: "late", ts: 905)])  // after x90
        #expect(change.applied == 1)
        #expect(change.reapplied == 9 + 3)  // x88...x99: the checkpoint after 88 entries
        #expect(change.reapplied <= 8 + 9)
        var expected = (0..<100).map { "x\($0)" }
        expected.insert("late", at: 91)
        #expect(fold.state == expected)
        let first = fold.receive([Entry.append("first", id: "first", ts: -1)])
        #expect(first.reapplied == 101)
        #expect(fold.state == ["first"] + expected)
    }

    @Test func aLaterCopyOfAConfirmedIdIsADuplicateOrAClashAndChangesNothing() {
        var fold = OrderedLogFold(domain: ListDomain())
        let original = Entry.append("milk", id: "e1", ts: 5)
        fold.receive([original])
        let change = fold.receive([
            original, Entry.append("tea", id: "e1", ts: 5), Entry.append("milk", id: "e1", ts: 1),
            Entry.append("eggs", id: "e2", ts: nil),
        ])
        #expect(change.accepted == 0 && change.rejected == 4 && change.applied == 0 && !change.changed)
        #expect(fold.state == ["milk"])
        #expect(
            fold.diagnostics == [
                OrderedLogDiagnostic(id: "e1", kind: .duplicate), OrderedLogDiagnostic(id: "e1", kind: .clash),
                OrderedLogDiagnostic(id: "e1", kind: .clash), OrderedLogDiagnostic(id: "e2", kind: .unordered),
            ])
    }

    @Test func withinOneBatchTheFirstCopyOfAnIdWins() {
        var fold = OrderedLogFold(domain: ListDomain())
        fold.receive([Entry.append("b", id: "e1", ts: 2), Entry.append("a", id: "e1", ts: 1)])
        #expect(fold.state == ["b"])
        #expect(fold.diagnostics == [OrderedLogDiagnostic(id: "e1", kind: .clash)])
    }

    @Test func aLocalEntryShowsOnTopAndMovesToItsServerPositionWhenConfirmed() {
        var fold = OrderedLogFold(domain: ListDomain(), checkpointInterval: 1)
        fold.receive([Entry.append("a", id: "e1", ts: 10), Entry.append("c", id: "e3", ts: 30)])
        let local = fold.addLocal(Entry.append("b", id: "e2", ts: nil))
        #expect(local.accepted == 1 && local.localApplied == 1)
        fold.addLocal(Entry.append("d", id: "e4", ts: nil))
        #expect(fold.state == ["a", "c", "b", "d"])
        let change = fold.receive([Entry.append("b", id: "e2", ts: 20)])
        // From the checkpoint after e1: e2 applied, e3 re-applied, then the local e4 on top.
        #expect(change.accepted == 1 && change.applied == 1 && change.reapplied == 1 && change.localApplied == 1)
        #expect(fold.state == ["a", "b", "c", "d"])
        #expect(fold.localEntries == [Entry.append("d", id: "e4", ts: nil)])
        #expect(fold.confirmedEntries.map(\.id) == ["e1", "e2", "e3"])
    }

    /// A local entry the server refused for good leaves the state; the ones after it apply again
    /// without it, and a confirmed entry cannot be discarded.
    @Test func aDiscardedLocalEntryLeavesTheState() {
        var fold = OrderedLogFold(domain: ListDomain())
        fold.receive([Entry.append("a", id: "e1", ts: 1)])
        fold.addLocal(Entry.append("b", id: "e2", ts: nil))
        fold.addLocal(Entry.remove("b", id: "e3", ts: nil))
        fold.addLocal(Entry.append("b", id: "e4", ts: nil))
        #expect(fold.state == ["a", "b"])
        let discarded = fold.discardLocal("e3")
        #expect(discarded)
        #expect(fold.state == ["a", "b", "b"])
        #expect(fold.localEntries.map(\.id) == ["e2", "e4"])
        let confirmed = fold.discardLocal("e1")
        let unknown = fold.discardLocal("e9")
        #expect(!confirmed, "a confirmed entry stays")
        #expect(!unknown)
        let rest = [fold.discardLocal("e2"), fold.discardLocal("e4")]
        #expect(rest == [true, true])
        #expect(fold.state == ["a"] && fold.localEntries.isEmpty)
    }

    @Test func aLocalCopyOfAKnownIdIsNotAdded() {
        var fold = OrderedLogFold(domain: ListDomain())
        fold.receive([Entry.append("a", id: "e1", ts: 1)])
        fold.addLocal(Entry.append("b", id: "e2", ts: nil))
        let changes = [
            fold.addLocal(Entry.append("a", id: "e1", ts: nil)), fold.addLocal(Entry.append("b", id: "e2", ts: nil)),
            fold.addLocal(Entry.append("x", id: "e2", ts: nil)),
        ]
        #expect(changes.allSatisfy { $0.rejected == 1 && $0.accepted == 0 })
        #expect(fold.state == ["a", "b"])
        #expect(fold.diagnostics.map(\.kind) == [.duplicate, .duplicate, .clash])
    }

    /// An entry the rules cannot apply leaves the state as it was and is reported with its
    /// reason; when an older entry arrives that makes it apply, it applies and the report goes.
    @Test func aSkippedEntryLeavesTheStateUnchangedAndIsReported() {
        var fold = OrderedLogFold(domain: ListDomain())
        fold.receive([Entry.append("a", id: "e1", ts: 1)])
        fold.receive([Entry.remove("b", id: "e3", ts: 3)])
        #expect(fold.state == ["a"])
        #expect(fold.diagnostics == [OrderedLogDiagnostic(id: "e3", kind: .skipped("no b to remove"))])
        fold.addLocal(Entry.remove("z", id: "e9", ts: nil))
        #expect(fold.state == ["a"])
        #expect(fold.diagnostics.map(\.description).last == "e9: skipped: no z to remove")
        fold.receive([Entry.append("b", id: "e2", ts: 2)])
        #expect(fold.state == ["a"])
        #expect(fold.diagnostics == [OrderedLogDiagnostic(id: "e9", kind: .skipped("no z to remove"))])
    }
}
