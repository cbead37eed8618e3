import Foundation
import RxChainCore
import RxChainDevice
import RxChainRemotes
import TimeTracking

extension TimeBenchmark {
    /// How a device that shows another device's changes learns about them.
    enum Watcher {
        /// `Device.follow`: a long-polling pull the server answers as soon as something changed.
        case follow
        /// A sync every `seconds` (what `rxchain time watch` did before it followed).
        case poll(seconds: Int)
    }

    /// Times `rounds` starts on a phone (following, so each change is sent as it is queued) until
    /// each shows on a laptop watching as `watcher` says; nanoseconds per round.
    static func startToShown(
        rounds: Int, watcher: Watcher, name: String, root: URL, server: String, sessions: ServerSessionStore
    ) async throws -> [Double] {
        func open(_ device: String) async throws -> Device<TimeTrackingClient> {
            try await Device.open(
                directory: root.appendingPathComponent("\(name)-\(device)"), domain: TimeTrackingClient(),
                setting: try ServerSetting(server: server, user: "bench"), sessions: sessions,
                retry: RetryPolicy(base: .milliseconds(50), cap: .seconds(1)))
        }
        let phone = try await open("phone")
        let laptop = try await open("laptop")
        // Every pull or sync of the laptop: the round looks at its state then.
        let (changes, changed) = AsyncStream.makeStream(of: Void.self)
        let phoneFollows = Task { try await phone.follow { _ in } }
        let laptopWatches = Task {
            switch watcher {
            case .follow:
                try await laptop.follow { _ in changed.yield() }
            case .poll(let seconds):
                while !Task.isCancelled {
                    _ = try? await laptop.syncNow(maxFailures: 1)
                    changed.yield()
                    try await Task.sleep(for: .seconds(seconds))
                }
            }
        }
        var latencies: [Double] = []
        var waiting = changes.makeAsyncIterator()
        for round in 0..<rounds {
            let description = "\(name) round \(round)"
            let start = DispatchTime.now().uptimeNanoseconds
            try await phone.send(
                .start(EntryStart(id: "\(name)-\(round)", at: .now(), workspaceId: 1, description: description)))
            while !(await Self.shows(description, laptop.state)) {
                guard await waiting.next() != nil else { throw CancellationError() }
            }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        phoneFollows.cancel()
        laptopWatches.cancel()
        changed.finish()
        _ = await (phoneFollows.result, laptopWatches.result)
        await phone.close()
        await laptop.close()
        return latencies
    }

    /// Whether `state` holds a live entry described `description`.
    private static func shows(_ description: String, _ state: TimeTrackingState) -> Bool {
        state.entries.values.contains { record in
            if case .live(let entry) = record { return entry.description == description }
            return false
        }
    }
}
