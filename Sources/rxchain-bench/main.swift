import Foundation
import RxChainCollections
import RxChainCore
import RxChainLogs
import RxChainServer
import RxChainSystem

/// `rxchain-bench`: the project's benchmarks. Each command prints a table, or with
/// `--json` one JSON object per figure per line (schema: see `Figure`).
signal(SIGPIPE, SIG_IGN)

let usage = """
    usage: rxchain-bench <command> [--json] [options]

    commands:
      signals      relay fan-out (relay-1/10/100) and chain (map.filter.distinctUntilChanged), each
                   against the same closures called in a loop
      store        StoreManager sends and slice fan-out against a plain actor and a plain dictionary
      collections  TreeDictionary updates (with the old version held), lookups, ==, changedKeys
                   against Dictionary
      queue        the durable sync queue (each durability, 1 and 4 producers) against write/fsync floors;
                   queue --dir DIR --count N [--durability D] [--producers P]: pipelined run
                   printing "persisted <seq>" per durable request
      replay       playbook replay (--lines N, default 1000000) against JSONDecoder per line; an
                   ordered log's appends and late entries against refolding it from scratch
      remote       DirectoryRemote appends and tail reads on a small and a large playbook, against
                   bare write+fsync and open+pread
      sync         playbook sync of 100 remote + 100 local lines on a synced playbook, and opening a
                   device from its local file against a full replay (--lines N[,N…], default 10000,1000000);
                   sync --remote s3://bucket/prefix/ [--endpoint URL]: the same sync against S3, for the
                   single-object and the segmented layout, against one PUT+GET of 100 lines
      server-journal-append
                   durable LogBook appends from 50 concurrent tasks in one process (group commit)
                   against one write+fsync per line
      crypto       PBKDF2-HMAC-SHA256 per iteration (the password stretch of sign-up and login) against
                   the textbook loop that re-keys the HMAC every iteration
      server       rxchain-server (Examples/Server, release) over HTTP: durable appends/s and p50/p99
                   from 50 wrk connections against pgbench inserting one row per transaction
                   (synchronous_commit = on), and a long-polling follower's append-to-event latency
                   against PostgreSQL LISTEN/NOTIFY (psycopg 3); --seconds S, --clients C, --rounds N,
                   --server-binary PATH (else RXCHAIN_SERVER_BINARY, else built); installs wrk and
                   PostgreSQL with apt-get if missing
      server-growth
                   what history costs rxchain-server (release, the journal): grown to each of --entries
                   (default 1000000,5000000; 200-entry batches over 1000 logs), its append ns/entry and
                   RSS, restart time, and cold reads after a restart (ns/entry), against the empty
                   server (appends, restart) and warm reads in the same run; --storage postgres (a
                   fresh PostgreSQL cluster instead of the journal), --cache-mb MB,
                   --server-binary PATH (else RXCHAIN_SERVER_BINARY, else built)
      time         the time tracker's queued changes delivered to rxchain-server's time-entry service,
                   one request each (N offline starts, --changes N, default 200), against the same
                   entries as one batched log append; --server-binary PATH (else
                   RXCHAIN_SERVER_BINARY, else built)
      help         this text

    test helpers (used by the test suite, not benchmarks):
      server-journal-append --dir DIR --count N [--tasks T] [--segment-kb S]
                 append N entries from T tasks to the LogBook in DIR (segments of S KiB), printing
                 "acknowledged <id> <seq> <ts>" per answer; exits 1 after the first refusal
      server-journal-growth --dir DIR --entries N [--cache-kb K] [--segment-kb S]
                 append N entries (batches of 200, 100 logs) to a journal with a K KiB cache,
                 reopen it, read every log; prints "appended|reopened|read ... rss <bytes>" lines
      remote-append --file <playbook> --count <n> --tag <tag>
                 append n lines to a DirectoryRemote playbook, one conditional append each,
                 retrying conflicts (the multi-process race test runs several at once)

    Every figure is a median over at least five runs, with the baseline measured in the same run.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }
let report = Report(json: json)

// `--help` anywhere (also after a command) prints the usage instead of running a benchmark.
if arguments.contains("--help") || arguments.contains("-h") { arguments = ["help"] }

switch arguments.first {
case "signals":
    SignalsBenchmark.run(report: report)
case "store":
    await StoreBenchmark.run(report: report)
case "queue":
    let status = await QueueBenchmark.run(arguments: Array(arguments.dropFirst()), report: report)
    if status != 0 { exit(status) }
case "collections":
    TreeDictionaryBenchmark.run(report: report)
case "replay":
    ReplayBenchmark.run(report: report, arguments: Array(arguments.dropFirst()))
case "remote":
    await RemoteBenchmark.run(report: report)
case "sync":
    let options = Array(arguments.dropFirst())
    func value(_ name: String) -> String? {
        options.firstIndex(of: name).flatMap { $0 + 1 < options.count ? options[$0 + 1] : nil }
    }
    if let base = value("--remote") {
        let sizes = value("--lines").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [10_000, 1_000_000]
        await S3SyncBenchmark.run(
            report: report, options: S3SyncBenchmark.Options(base: base, endpoint: value("--endpoint"), sizes: sizes))
    } else {
        await SyncBenchmark.run(report: report, arguments: options)
    }
case "server-journal-append":
    let status = await ServerJournalBenchmark.run(arguments: Array(arguments.dropFirst()), report: report)
    if status != 0 { exit(status) }
case "server-growth":
    let status = await ServerGrowthBenchmark.run(arguments: Array(arguments.dropFirst()), report: report)
    if status != 0 { exit(status) }
case "server-journal-growth":
    let status = await JournalGrowthCommand.run(arguments: Array(arguments.dropFirst()))
    if status != 0 { exit(status) }
case "server":
    let status = await ServerBenchmark.run(arguments: Array(arguments.dropFirst()), report: report)
    if status != 0 { exit(status) }
case "remote-append":
    await RemoteAppendCommand.run(arguments: Array(arguments.dropFirst()))
case "crypto":
    CryptoBenchmark.run(report: report)
case "time":
    let status = await TimeBenchmark.run(arguments: Array(arguments.dropFirst()), report: report)
    if status != 0 { exit(status) }
case "help", "--help", "-h":
    print(usage)
case nil:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
case let command?:
    FileHandle.standardError.write(Data("rxchain-bench: unknown command '\(command)'\n\n\(usage)\n".utf8))
    exit(2)
}
