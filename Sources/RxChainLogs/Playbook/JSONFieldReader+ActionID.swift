import RxChainJSON

extension JSONFieldReader {
    /// An optional action id, `<deviceId>:<seq>` (``ActionID/init(parsing:)``): `nil` when
    /// absent or `null`.
    @inlinable @inline(always)
    package func actionID(_ value: Value?, _ field: String = "actionId") throws(JSONFieldError) -> ActionID? {
        guard let value, value.kind != .null else { return nil }
        guard value.kind == .string else { throw wrongShape(field, expected: "a string", found: value) }
        guard let id = scanner.actionID(value) else { throw badActionID(field, value) }
        return id
    }
}
