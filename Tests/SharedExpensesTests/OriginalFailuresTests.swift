import RxChainLogs
import SharedExpenses
import Testing

/// The failures of the original app that live in the fold (spec: "What went wrong in the originals").
@Suite struct OriginalFailuresTests {
    /// The original multiplied a Double by 100 and lost cents; here 100 cents among 3 is 34 + 33 + 33.
    @Test func centsAreNeverLostInASplit() throws {
        let shares = try EqualSplit.shares(of: 100, paidBy: "alice", among: ["alice", "bob", "carol"])
        // alice consumed 34 (the first of 100 mod 3 = 1 extra cent) and paid 100: she is owed 66.
        #expect(shares.map(\.amount) == [66, -33, -33])
        let state = foldAccepting([
            Ops.group(), Ops.spending(amount: 100, shares: shares.map { ($0.userID, $0.amount) }),
        ])
        #expect(state.balances == ["G1": ["alice": ["EUR": 66], "bob": ["EUR": -33], "carol": ["EUR": -33]]])
    }

    /// The original accepted shares that did not add up; here every device rejects the
    /// operation, whatever order it received the log in, and shows the same state.
    @Test func sharesThatDoNotSumToZeroAreRejectedOnEveryDevice() {
        let log = [
            Ops.group(), Ops.spending(id: "s1"),
            Ops.spending("S2", amount: 150, shares: [("alice", 150), ("bob", -50)], id: "s2", at: 3),
            Ops.deleteSpending(at: 4),
        ]
        var devices: [OrderedLogFold<SharedExpensesDomain>] = []
        for arrival in [log, log.reversed(), [log[2], log[0], log[3], log[1], log[2]]] {
            var fold = OrderedLogFold(domain: SharedExpensesDomain())
            for operation in arrival { fold.receive([operation]) }
            devices.append(fold)
        }
        for device in devices {
            #expect(Ops.rejections(device) == ["s2: shares sum to 100, not 0"])
            #expect(device.state == devices[0].state)
            #expect(device.state.spendings.isEmpty)
            #expect(device.state.balances == ["G1": [:]])
        }
    }

    /// The original server trusted any author; here the fold rejects a spending whose author is
    /// not a member of the group, even when its shares name only members.
    @Test func aNonMembersSpendingIsRejected() {
        let fold = Ops.fold([Ops.group(), Ops.spending(by: "mallory", id: "s1")])
        #expect(Ops.rejections(fold) == ["s1: the author mallory is not a member of group G1"])
        #expect(fold.state.spendings.isEmpty)
        #expect(fold.state.balances == ["G1": [:]])
    }
}
