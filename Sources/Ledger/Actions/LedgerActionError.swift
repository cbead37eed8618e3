import RxChainJSON

/// Why a playbook line or an action is invalid, naming the field at fault.
///
/// An invalid action changes nothing. Its `JSONFieldError.description` reads like
/// `payload.modifiedAt: "2024-13-01T00:00:00Z" is not an RFC 3339 date-time (month 13)`.
/// A `type` that names no ledger action, or a transaction `type` other than `CASH`, `CREDIT`
/// and `TRANSFER`, is `JSONFieldError.Kind.unknownValue`. Actions ignored by a conflict rule
/// are *not* errors (see ``LedgerRuleOutcome``).
public typealias LedgerActionError = JSONFieldError
