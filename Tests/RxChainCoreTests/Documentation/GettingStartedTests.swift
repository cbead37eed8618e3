import Foundation
import RxChain
import RxChainSystem
import RxChainTesting
import Testing

// The code of the Getting started article (Sources/RxChainCore/RxChainCore.docc/GettingStarted.md),
// verbatim: `articleShowsThisCode` checks that every Swift block of the article is here.

struct Budget: Sendable, Equatable {
    var total = 0
    var notes: [String] = []
}

enum BudgetMessage: Message {
    case spend(Int, note: String)
    case reset

    static let spendCase = MessageCase<BudgetMessage, (amount: Int, note: String)>("budget/spend") {
        if case .spend(let amount, let note) = $0 { (amount, note) } else { nil }
    }
    static let resetTag: MessageTag = "budget/reset"

    var tag: MessageTag {
        switch self {
        case .spend: Self.spendCase.tag
        case .reset: Self.resetTag
        }
    }
}

enum BudgetRequest: SyncRequest, Equatable {
    case spent(amount: Int, note: String)
    case cleared

    var tag: MessageTag {
        switch self {
        case .spent: "budget/spent"
        case .cleared: "budget/cleared"
        }
    }
}

let budgetReducer = TagCompositeReducer<Budget, BudgetMessage, BudgetRequest> {
    On(BudgetMessage.spendCase) { budget, spending in
        guard spending.amount > 0 else {
            throw Rejection(tag: "budget/spend", reason: "must be more than 0", field: "amount")
        }
        budget.total += spending.amount
        budget.notes.append(spending.note)
        return [.spent(amount: spending.amount, note: spending.note)]
    }
    On(BudgetMessage.resetTag) { budget, _ in
        budget = Budget()
        return [.cleared]
    }
}

/// Stands in for your server: it applies each request once, by its idempotency key.
actor BudgetServer {
    private(set) var applied: [String: BudgetRequest] = [:]

    func receive(_ batch: [QueueRecord]) throws {
        for record in batch where applied[record.key] == nil {
            applied[record.key] = try JSONDecoder().decode(BudgetRequest.self, from: record.payload)
        }
    }
}

struct BudgetTransport: SyncTransport {
    let server: BudgetServer
    var maxBatchSize: Int { 50 }

    func send(_ batch: [QueueRecord]) async throws -> SyncOutcome {
        do {
            try await server.receive(batch)
            return .acknowledged
        } catch {
            return .permanentFailure(reason: "the server cannot read it: \(error)")
        }
    }
}

@Suite struct GettingStartedTests {
    @Test func articleShowsThisCode() throws {
        let code = try ArticleCode(article: "Sources/RxChainCore/RxChainCore.docc/GettingStarted.md")
        #expect(code.blocks.count == 6)
        #expect(try code.blocksMissing(from: "Tests/RxChainCoreTests/Documentation/GettingStartedTests.swift") == [])
    }

    /// The manifest snippet loads (`swift package dump-package` compiles and runs it, without
    /// fetching anything) and names the platforms the package itself declares.
    @Test func theManifestSnippetIsAManifestWithThePackagesPlatforms() async throws {
        let code = try ArticleCode(article: "Sources/RxChainCore/RxChainCore.docc/GettingStarted.md")
        let manifest = try #require(code.manifests.first)
        let platforms = try #require(try ArticleCode.lines(of: "Package.swift").first { $0.contains("platforms:") })
        #expect(manifest.contains(platforms.trimmingCharacters(in: .whitespaces)))

        let temporary = TemporaryDirectory("manifest")
        try Data(manifest.utf8).write(to: temporary.file("Package.swift"))
        let result = try await runChild(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "package", "dump-package", "--package-path", temporary.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try #require(
            try JSONSerialization.jsonObject(with: Data(result.lines.joined(separator: "\n").utf8)) as? [String: Any])
        let dependencies = try #require(dump["dependencies"] as? [[String: Any]])
        #expect(dependencies.count == 1)
        let targets = try #require(dump["targets"] as? [[String: Any]])
        let targetDependencies = "\(targets.first?["dependencies"] ?? "")"
        #expect(targetDependencies.contains("RxChain"))
    }

    @Test func theStoreDoesWhatTheArticleSays() async throws {
        let printed = Lock<[String]>([])
        @Sendable func print(_ items: Any...) {
            printed.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) }
        }

        let store = StoreManager(initialState: Budget(), reducer: budgetReducer)
        let subscription = store.slice(\.total).sink { total in print("total:", total) }
        store.send(.spend(12, note: "lunch"))
        let budget = try await store.submit(.spend(30, note: "books")).applied()
        print(budget.notes)  // ["lunch", "books"]: the state right after this message

        do {
            _ = try await store.submit(.spend(0, note: "nothing")).applied()
        } catch {
            print(error)  // budget/spend: amount: must be more than 0
        }

        await store.settle()
        withExtendedLifetime(subscription) {}
        #expect(
            printed.withLock { $0 } == [
                "total: 0", "total: 12", "total: 42", #"["lunch", "books"]"#,
                "budget/spend: amount: must be more than 0",
            ])
        #expect(await store.state == Budget(total: 42, notes: ["lunch", "books"]))
    }

    @Test func theSyncedStoreQueuesAndSendsWhatTheArticleSays() async throws {
        let printed = Lock<[String]>([])
        @Sendable func print(_ items: Any...) {
            printed.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) }
        }
        let temporary = TemporaryDirectory("getting-started")
        let directory = temporary.url

        let queue = try await SyncQueue.open(directory: directory.appendingPathComponent("queue"))
        let server = BudgetServer()
        let sync = SyncManager<BudgetRequest>(queue: queue, transport: BudgetTransport(server: server))
        let syncedStore = StoreManager(initialState: Budget(), reducer: budgetReducer, sync: sync)

        let handle = syncedStore.submit(.spend(12, note: "lunch"))
        try await handle.persisted()  // survives a crash from here on
        try await handle.acknowledged()  // the server applied it
        print(await server.applied.count)  // 1

        await sync.shutdown()  // lets the batch in flight finish, then closes the queue

        #expect(printed.withLock { $0 } == ["1"])
        #expect(Array(await server.applied.values) == [.spent(amount: 12, note: "lunch")])
        let key = try #require(await server.applied.keys.first)
        #expect(key == "\(queue.deviceID):1")
    }
}
