import Foundation
import RxChainJSON
import RxChainServerStorage

extension AccessControl {
    /// Claims `family` for `user`: a one-time claim that makes `user` its owner and first member.
    ///
    /// Claiming a family one already owns succeeds again and changes nothing. Of two concurrent
    /// claims of one family exactly one wins (the claim is the entry id `claim:<family>` in
    /// `server/families`, which the book accepts once).
    ///
    /// - Throws: ``AccessError/alreadyClaimed(_:)`` when another user owns it;
    ///   ``AccessError/notAFamily(_:)`` for a kind the policy does not name;
    ///   ``AccessError/invalidUser(_:)``; ``AccessError/log(_:)``.
    public func claim(family: LogFamily, by user: String) async throws(AccessError) {
        try checkFamily(family)
        let families = try await record(claimOf: family, by: user)
        guard families.owner(of: family) == user else { throw .alreadyClaimed(family) }
    }

    /// Makes `user` a member of `family`; only the owner may, and only an account can be a
    /// member. Granting a member changes nothing.
    ///
    /// - Throws: ``AccessError/notOwner(_:)`` unless `owner` owns the family (so nobody adds
    ///   themselves); ``AccessError/unknownUser(_:)`` when no account is named `user` (checked
    ///   after the ownership, so only the owner learns it); ``AccessError/notAFamily(_:)``;
    ///   ``AccessError/invalidUser(_:)``; ``AccessError/log(_:)``.
    public func grant(family: LogFamily, user: String, by owner: String) async throws(AccessError) {
        try checkFamily(family)
        try Self.checkUserName(user)
        let families = catchUp()
        guard families.owner(of: family) == owner else { throw .notOwner(family) }
        guard accounts.hasAccount(user) else { throw .unknownUser(user) }
        if families.isMember(user, of: family) { return }
        try await append(.grant(family, user: user), id: "grant:\(family):\(user):\(UUID())", by: owner)
    }

    /// Ends `user`'s membership of `family`; only the owner may, and never of the owner.
    /// Revoking an account that is no member changes nothing (so a revocation sent again after
    /// a lost answer succeeds again). Once this returns, every decision refuses `user` the
    /// family's logs (unless another rule allows them).
    ///
    /// - Throws: ``AccessError/notOwner(_:)`` unless `owner` owns the family;
    ///   ``AccessError/ownerCannotBeRevoked(_:)``; ``AccessError/unknownUser(_:)`` for a
    ///   non-member no account is named after (a typo must not look like a revocation: the
    ///   member meant keeps their access); ``AccessError/notAFamily(_:)``;
    ///   ``AccessError/invalidUser(_:)``; ``AccessError/log(_:)``.
    public func revoke(family: LogFamily, user: String, by owner: String) async throws(AccessError) {
        try checkFamily(family)
        try Self.checkUserName(user)
        let families = catchUp()
        guard families.owner(of: family) == owner else { throw .notOwner(family) }
        if user == owner { throw .ownerCannotBeRevoked(family) }
        if !families.isMember(user, of: family) {
            guard accounts.hasAccount(user) else { throw .unknownUser(user) }
            return
        }
        try await append(.revoke(family, user: user), id: "revoke:\(family):\(user):\(UUID())", by: owner)
    }

    /// Records a claim of `family` by `user` unless it is claimed already; returns the state after
    /// it (whoever won).
    func record(claimOf family: LogFamily, by user: String) async throws(AccessError) -> FamilyDirectory {
        try Self.checkUserName(user)
        let families = catchUp()
        if families.owner(of: family) != nil { return families }
        do throws(AccessError) {
            try await append(.claim(family, user: user), id: FamilyRecord.claimID(of: family), by: user)
        } catch .log(.clash) {
            // Another user's claim was accepted first: the catch-up below folds it.
        }
        return catchUp()
    }

    /// Appends one record to `server/families` as `creator`, then folds it in.
    ///
    /// This is the one place the access control writes to the book.
    func append(_ record: FamilyRecord, id: String, by creator: String) async throws(AccessError) {
        do throws(LogAppendError) {
            try await book.append(to: FamilyRecord.log, id: id, body: record.body, creator: creator)
        } catch {
            throw .log(error)
        }
        catchUp()
    }

    /// Refuses a family whose kind the policy does not name.
    private func checkFamily(_ family: LogFamily) throws(AccessError) {
        guard policy.familyKinds.contains(family.kind) else { throw .notAFamily(family) }
    }

    /// Refuses a user name that is not 1 to 64 ASCII letters, digits, `-` or `_` (the account
    /// names' alphabet, so each is also a log-name segment).
    static func checkUserName(_ name: String) throws(AccessError) {
        guard AccountName.isValid(name) else { throw .invalidUser(name) }
    }
}
