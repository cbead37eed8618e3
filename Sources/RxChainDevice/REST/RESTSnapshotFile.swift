import Dispatch
import Foundation
import RxChainSystem

/// Where a REST ``Device`` keeps its state and its pull cursor: `DIR/state.json` and
/// `DIR/pull.json`, each replaced atomically (written, `fsync`ed, renamed, directory `fsync`ed)
/// on the device's own serial queue, never on the concurrency pool.
///
/// Saves run one after another, each reading the state when its turn comes, so the file never
/// goes back to an older state than one already saved.
final class RESTSnapshotFile<State: Codable & Sendable>: Sendable {
    private let directory: URL
    private let queue = DispatchQueue(label: "rxchain.restdevice.snapshot")
    /// The last save started: the next one waits for it.
    private let lastSave = Lock<Task<Void, any Error>?>(nil)

    init(directory: URL) {
        self.directory = directory
    }

    private var statePath: String { directory.appendingPathComponent("state.json").path }
    private var cursorPath: String { directory.appendingPathComponent("pull.json").path }

    /// The saved state, or `nil` when none was saved.
    ///
    /// - Throws: ``DeviceError/unreadableState(path:reason:)`` when the file is not a
    ///   state (it is left untouched), ``DeviceError/io(operation:path:errno:)``.
    func load() async throws -> State? {
        let path = statePath
        return try await queue.performBlocking {
            guard let data = try DeviceFile.contentsIfExists(path, operation: "read") else { return nil }
            do {
                return try JSONDecoder().decode(State.self, from: data)
            } catch {
                throw DeviceError.unreadableState(path: path, reason: "\(error)")
            }
        }
    }

    /// Saves the state `current` reads, once every save started before has finished.
    func save(_ current: @escaping @Sendable () async -> State) async throws {
        let (path, directory, queue) = (statePath, directory.path, queue)
        let task = lastSave.withLock { last in
            let previous = last
            let task = Task {
                _ = await previous?.result
                let data = try JSONEncoder().encode(await current())
                try await queue.performBlocking {
                    try DeviceFile.replaceAtomically(path, with: data, directory: directory)
                }
            }
            last = task
            return task
        }
        try await task.value
    }

    /// The saved pull cursor, or `nil`.
    func cursor() async throws -> String? {
        let path = cursorPath
        return try await queue.performBlocking {
            guard let data = try DeviceFile.contentsIfExists(path, operation: "read") else { return nil }
            return (try? JSONDecoder().decode([String: String].self, from: data))?["cursor"]
        }
    }

    /// Saves the pull cursor (`nil` forgets it).
    func saveCursor(_ cursor: String?) async throws {
        let data = try JSONEncoder().encode(cursor.map { ["cursor": $0] } ?? [:])
        let (path, directory) = (cursorPath, directory.path)
        try await queue.performBlocking {
            try DeviceFile.replaceAtomically(path, with: data, directory: directory)
        }
    }
}
