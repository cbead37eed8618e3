extension JSONObjectReader {
    /// An optional string: `nil` when absent or `null`; non-empty unless `allowingEmpty`.
    package func optionalString(_ key: String, allowingEmpty: Bool = false) throws(JSONFieldError) -> String? {
        has(key) ? try string(key, allowingEmpty: allowingEmpty) : nil
    }

    /// A member that must be written, as a non-empty string or `null` (`nil`): a reference that
    /// may point nowhere, such as `after_this_id`.
    ///
    /// - Throws: ``JSONFieldError`` of kind `missing` when the member is absent.
    package func nullableString(_ key: String) throws(JSONFieldError) -> String? {
        guard isWritten(key) else { throw missing(key) }
        return try optionalString(key)
    }

    /// An optional non-negative integer: `nil` when absent or `null`.
    package func optionalCount(_ key: String) throws(JSONFieldError) -> UInt64? {
        has(key) ? try count(key) : nil
    }

    /// An optional finite number: `nil` when absent or `null`.
    package func optionalNumber(_ key: String) throws(JSONFieldError) -> Double? {
        has(key) ? try number(key) : nil
    }

    /// An optional boolean: `nil` when absent or `null`.
    package func optionalBoolean(_ key: String) throws(JSONFieldError) -> Bool? {
        has(key) ? try boolean(key) : nil
    }

    /// An optional nested object: `nil` when absent or `null`.
    package func optionalObject(_ key: String) throws(JSONFieldError) -> JSONObjectReader? {
        has(key) ? try object(key) : nil
    }
}
