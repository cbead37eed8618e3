import TimeTracking

/// `rxchain time …`: the time tracker (Toggl's model), from playbooks.
enum TimeCommand {
    static let group = CommandGroup(
        name: "time", summary: "a time tracker: replay its message logs",
        discussion: """
            A log holds the tracker's messages, one {"type":…,"payload":{…}} per line: local
            changes (timeEntries/start, stop, continue, put, remove) and the server's answers
            (sync/ack, sync/reject, sync/serverChanges). Replaying it rebuilds the entries and
            shows which are synced.
            """,
        subcommands: [ReplayCommand(domain: TimeTrackingDomain())])
}
