import RxChain

/// The fields of a `createSpendingGroup` operation that the server's rules read: its author, its
/// group id and its participants (as written: not de-duplicated, not checked).
struct GroupCreation: Hashable, Sendable {
    /// `authorId`: who the operation says wrote it.
    let authorID: String
    /// `payload.groupId`.
    let groupID: String
    /// `payload.participants`, in the order written.
    let participants: [String]

    /// Reads a `createSpendingGroup` operation from an entry's JSON; `nil` for anything else: not
    /// one JSON object, another `type`, or a missing or mistyped `authorId`, `groupId` or
    /// `participants` (which must be an array of strings).
    init?(body: [UInt8]) {
        let read: GroupCreation?? = body.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "{") else { return nil }
            var fields = GroupCreationFields()
            do throws(JSONScanner.SyntaxError) {
                try fields.scan(&scanner)
                try scanner.finish()
            } catch {
                return nil
            }
            return fields.groupCreation(JSONFieldReader(scanner: scanner))
        }
        guard let read = read ?? nil else { return nil }
        self = read
    }

    init(authorID: String, groupID: String, participants: [String]) {
        self.authorID = authorID
        self.groupID = groupID
        self.participants = participants
    }
}
