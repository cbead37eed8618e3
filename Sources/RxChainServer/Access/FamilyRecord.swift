import RxChainJSON
import RxChainServerStorage

/// One entry of the reserved log `server/families`: a claim, a grant or a revoke.
///
/// Its body is one JSON object, `{"type":"claim","family":"lists/L1","user":"alice"}`, written with
/// ``JSONWriter`` and read with the engine's field readers. The entry's `creator` is the user who
/// acted (the claimant, or the owner granting or revoking); the fold (``FamilyDirectory``) trusts
/// the record only as far as that creator had the right to write it.
enum FamilyRecord: Hashable, Sendable {
    /// `user` claims the family; accepted once per family (the entry id is `claim:<family>`).
    case claim(LogFamily, user: String)
    /// The owner makes `user` a member.
    case grant(LogFamily, user: String)
    /// The owner ends `user`'s membership.
    case revoke(LogFamily, user: String)

    /// The reserved log the records live in.
    static let log = try! LogName(validating: "\(LogName.reservedPrefix)/families")

    /// The entry id of a family's claim: one per family, so of two claims exactly one is accepted.
    static func claimID(of family: LogFamily) -> String { "claim:\(family)" }

    /// The family the record is about.
    var family: LogFamily {
        switch self {
        case .claim(let family, _), .grant(let family, _), .revoke(let family, _): family
        }
    }

    /// The user the record is about.
    var user: String {
        switch self {
        case .claim(_, let user), .grant(_, let user), .revoke(_, let user): user
        }
    }

    /// The record's JSON body.
    var body: [UInt8] {
        var writer = JSONWriter()
        switch self {
        case .claim: writer.raw(#"{"type":"claim","family":"#)
        case .grant: writer.raw(#"{"type":"grant","family":"#)
        case .revoke: writer.raw(#"{"type":"revoke","family":"#)
        }
        writer.string(family.description)
        writer.raw(#","user":"#)
        writer.string(user)
        writer.raw("}")
        return writer.bytes
    }
}
