extension SharedExpensesState {
    /// `createSpending`: the group is live and the author a member; the spending id was never
    /// used; the amount is positive and the currency an ISO 4217 code; the shares are
    /// non-empty, one per user, every user a member, and they sum to zero; no balance overflows.
    mutating func createSpending(
        _ payload: SpendingCreationPayload, author: String, createdAt: Int64
    ) throws(ExpenseRejection) {
        let groupID = payload.groupID
        try requireMember(author, of: groupID)
        if usedSpendingIDs[payload.spendingID] != nil { throw .spendingIDUsed(spendingID: payload.spendingID) }
        guard payload.amount > 0 else { throw .amountNotPositive(amount: payload.amount) }
        guard Self.isCurrencyCode(payload.currency) else { throw .invalidCurrency(payload.currency) }
        guard !payload.shares.isEmpty else { throw .noShares }
        let members = Set(groups[groupID]?.participants ?? [])
        var seen: Set<String> = []
        var sum: Int64 = 0
        for share in payload.shares {
            guard seen.insert(share.userID).inserted else { throw .repeatedShare(userID: share.userID) }
            guard members.contains(share.userID) else {
                throw .shareholderNotAMember(userID: share.userID, groupID: groupID)
            }
            let (next, overflow) = sum.addingReportingOverflow(share.amount)
            if overflow { throw .sharesOverflow }
            sum = next
        }
        guard sum == 0 else { throw .sharesDoNotSumToZero(sum: sum) }
        let nets = try updatedNets(groupID: groupID, currency: payload.currency, adding: payload.shares, sign: 1)
        usedSpendingIDs[payload.spendingID] = groupID
        spendings[payload.spendingID] = Spending(
            id: payload.spendingID, groupID: groupID, name: payload.name, currency: payload.currency,
            amount: payload.amount, shares: payload.shares, createdAt: createdAt)
        write(nets, groupID: groupID, currency: payload.currency)
    }

    /// `deleteSpending`: the spending is live in that group and the author a member of it; its
    /// shares leave the balances (unless a net would overflow, which rejects the deletion).
    mutating func deleteSpending(_ id: String, in groupID: String, author: String) throws(ExpenseRejection) {
        guard let spending = spendings[id], spending.groupID == groupID else {
            throw .noSuchSpending(spendingID: id, groupID: groupID)
        }
        try requireMember(author, of: groupID)
        let nets = try updatedNets(groupID: groupID, currency: spending.currency, adding: spending.shares, sign: -1)
        spendings[id] = nil
        write(nets, groupID: groupID, currency: spending.currency)
    }

    /// Whether `code` has the form of an ISO 4217 code: three uppercase ASCII letters.
    static func isCurrencyCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        return bytes.count == 3 && bytes.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// Each shareholder's net in `groupID` and `currency` after adding `sign` times their share.
    ///
    /// - Throws: ``ExpenseRejection/balanceOverflow(userID:groupID:currency:)`` when one does
    ///   not fit in 64 bits.
    private func updatedNets(
        groupID: String, currency: String, adding shares: [Share], sign: Int64
    ) throws(ExpenseRejection) -> [(userID: String, net: Int64)] {
        let group = balances[groupID] ?? [:]
        var nets: [(userID: String, net: Int64)] = []
        nets.reserveCapacity(shares.count)
        for share in shares {
            let held = group[share.userID]?[currency] ?? 0
            let (change, negationOverflow) = share.amount.multipliedReportingOverflow(by: sign)
            let (net, overflow) = held.addingReportingOverflow(change)
            if overflow || negationOverflow {
                throw .balanceOverflow(userID: share.userID, groupID: groupID, currency: currency)
            }
            nets.append((share.userID, net))
        }
        return nets
    }

    /// Stores `nets`, leaving out zeros (and users left with no currency).
    private mutating func write(_ nets: [(userID: String, net: Int64)], groupID: String, currency: String) {
        var group = balances[groupID] ?? [:]
        balances[groupID] = nil  // keep the group's map uniquely referenced while it changes
        for (user, net) in nets {
            var currencies = group[user] ?? [:]
            currencies[currency] = net == 0 ? nil : net
            group[user] = currencies.isEmpty ? nil : currencies
        }
        balances[groupID] = group
    }
}
