import RxChainCore

/// The verbs every domain's store has, the same flags, exit codes and wording in each:
/// `sync`, `status`, `watch`, `replay` and `dead-letters`.
///
/// ```swift
/// static let group = DeviceCommands.group(
///     for: LedgerCommand(), summary: "an expense ledger", discussion: "…",
///     verbs: [LedgerAddCommand(), LedgerListCommand()])
/// ```
enum DeviceCommands {
    /// `--store DIR`: every store command's.
    static let storeOption = CommandSignature.Option.value(
        "store", placeholder: "DIR",
        help: "the local store's directory (created by a change or by a first sync given a remote); required")
    /// `--wait SECONDS`: every store command's.
    static let waitOption = CommandSignature.Option.value(
        "wait", placeholder: "SECONDS",
        help: "how long to wait for another process to release the store, 0 to 86400 (default 10)")

    /// How many failed tries a `sync` makes before it gives up, in every domain.
    static let maxFailures = 8

    /// The backoff between a `sync`'s tries and a `watch`'s rounds, in every domain.
    static let retry = RetryPolicy(base: .milliseconds(50), cap: .seconds(1))

    /// The group `rxchain NAME`: the domain's own `verbs`, then the device verbs.
    ///
    /// `--store DIR` and `--wait SECONDS` (and `extraForwarded`) may come before the verb.
    static func group<Domain: DeviceCommandDomain>(
        for domain: Domain, summary: String, discussion: String, extraForwarded: [CommandSignature.Option] = [],
        verbs: [any Command]
    ) -> CommandGroup {
        CommandGroup(
            name: domain.name, summary: summary, discussion: discussion,
            forwardedOptions: [storeOption, waitOption] + extraForwarded,
            subcommands: [domain.replay] + verbs + [
                DeviceSyncCommand(domain: domain), DeviceStatusCommand(domain: domain),
                DeviceWatchCommand(domain: domain), DeadLettersCommand(domain: domain),
            ])
    }
}
