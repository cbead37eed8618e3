import RxChainCore

/// The verbs every domain's store has, the same flags, exit codes and wording in each:
/// `sync`, `status`, `watch`, `replay` and `dead-letters`; and the group that adds them to a
/// domain's own verbs: `DeviceCommands.group(for: LedgerCommand())`.
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

    /// The group `rxchain NAME`: `replay`, the domain's own verbs, then the device verbs.
    ///
    /// The domain's ``DeviceCommandDomain/forwardedOptions`` (`--store DIR`, `--wait SECONDS`…)
    /// may come before the verb.
    static func group<Domain: DeviceCommandDomain>(for domain: Domain) -> CommandGroup {
        CommandGroup(
            name: domain.name, summary: domain.summary, discussion: domain.discussion,
            forwardedOptions: domain.forwardedOptions,
            subcommands: [domain.replay] + domain.verbs + [
                DeviceSyncCommand(domain: domain), DeviceStatusCommand(domain: domain),
                DeviceWatchCommand(domain: domain), DeadLettersCommand(domain: domain),
            ])
    }
}
