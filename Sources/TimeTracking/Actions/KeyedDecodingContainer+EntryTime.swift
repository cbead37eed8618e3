import RxChainJSON

extension KeyedDecodingContainer {
    /// Reads an RFC 3339 time that an entry can hold: one whose whole second is written in
    /// UTC within years 0000–9999.
    ///
    /// - Throws: `DecodingError` naming the key when the text is not RFC 3339 or out of range.
    func decodeEntryTime(forKey key: Key) throws -> Timestamp {
        let time = try decode(Timestamp.self, forKey: key)
        guard time.truncatedToUTCSecond != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(time)\" is outside years 0000–9999 in UTC")
        }
        return time
    }

    /// ``decodeEntryTime(forKey:)`` for an optional key (absent or `null` is `nil`).
    func decodeEntryTimeIfPresent(forKey key: Key) throws -> Timestamp? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeEntryTime(forKey: key)
    }

    /// ``decodeEntryTime(forKey:)`` for a clearable `put` field.
    func decodeEntryTimeChange(forKey key: Key) throws -> FieldChange<Timestamp> {
        guard contains(key) else { return .keep }
        if try decodeNil(forKey: key) { return .clear }
        return .set(try decodeEntryTime(forKey: key))
    }
}
