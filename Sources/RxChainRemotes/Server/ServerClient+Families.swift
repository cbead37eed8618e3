import Foundation
import RxChainJSON

/// Log families: what `rxchain family` does. A family (`playbooks/team`, `lists/L1`) is owned by
/// whoever claims it first (explicitly, or by the first append to one of its logs); only its owner
/// grants and revokes members, who read and append its logs.
extension ServerClient {
    /// A family's owner and members, as `GET /families/KIND/ID` shows them to a member.
    public struct FamilyMembers: Sendable, Equatable {
        /// `KIND/ID`.
        public let family: String
        /// The user who claimed it.
        public let owner: String
        /// Everyone who may read and append its logs, the owner included, sorted.
        public let members: [String]
    }

    /// The family's owner and members (`GET /families/KIND/ID`); only members may look.
    ///
    /// - Throws: ``ServerClientError/invalidFamily(_:)`` before anything is sent when `family` is
    ///   not `KIND/ID`; ``ServerClientError/refused(server:status:code:message:)`` for a
    ///   non-member (403) or a family nobody owns, or a transport error.
    public func members(of family: String) async throws -> FamilyMembers {
        let answer = try await sendSigned("GET", try Self.familyPath(family))
        try answer.requireSuccess()
        return try answer.read { body throws(JSONFieldError) in
            FamilyMembers(
                family: try body.string("family"), owner: try body.string("owner"),
                members: try body.strings("members"))
        }
    }

    /// Claims a family nobody owns yet, making the signed-in user its owner and first member
    /// (`POST /families/KIND/ID/claim`).
    ///
    /// - Throws: ``ServerClientError/refused(server:status:code:message:)`` with 409
    ///   `already_claimed` when someone owns it (the caller included), or as ``members(of:)``.
    public func claim(family: String) async throws {
        try await sendSigned("POST", try Self.familyPath(family) + "/claim").requireSuccess()
    }

    /// Makes `user` a member of the family (`PUT /families/KIND/ID/members/USER`); only the
    /// owner may. Granting a member again changes nothing.
    ///
    /// - Throws: ``ServerClientError/invalidUser(_:reason:)`` before anything is sent when `user` is no
    ///   user name; a refusal (403 for anyone but the owner), or as ``members(of:)``.
    public func grant(family: String, to user: String) async throws {
        try ServerSessionStore.validate(user: user)
        try await sendSigned("PUT", try Self.familyPath(family) + "/members/" + user).requireSuccess()
    }

    /// Ends `user`'s membership of the family at once (`DELETE /families/KIND/ID/members/USER`);
    /// only the owner may, and the owner stays a member.
    ///
    /// - Throws: as ``grant(family:to:)``.
    public func revoke(family: String, from user: String) async throws {
        try ServerSessionStore.validate(user: user)
        try await sendSigned("DELETE", try Self.familyPath(family) + "/members/" + user).requireSuccess()
    }

    /// Checks that `family` is `KIND/ID`: two non-empty segments (the server checks the names
    /// themselves).
    ///
    /// - Throws: ``ServerClientError/invalidFamily(_:)``.
    package static func validate(family: String) throws(ServerClientError) {
        let segments = family.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, segments.allSatisfy({ !$0.isEmpty }) else { throw .invalidFamily(family) }
    }

    /// `/families/KIND/ID`, each segment percent-encoded.
    static func familyPath(_ family: String) throws(ServerClientError) -> String {
        try validate(family: family)
        let encoded = family.split(separator: "/").map {
            $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? String($0)
        }
        return "/families/" + encoded.joined(separator: "/")
    }
}
