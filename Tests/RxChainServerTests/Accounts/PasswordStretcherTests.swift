import Synchronization
import Testing

@testable import RxChainServer

@Suite struct PasswordStretcherTests {
    /// How many pieces of work run at once, and the most that ever did.
    final class Overlap: Sendable {
        private let counts = Mutex((running: 0, most: 0))

        func enter() {
            counts.withLock {
                $0.running += 1
                $0.most = max($0.most, $0.running)
            }
        }

        func leave() { counts.withLock { $0.running -= 1 } }

        var most: Int { counts.withLock { $0.most } }
    }

    /// Stretches asked for concurrently run one at a time, and each caller gets its own result.
    @Test func concurrentStretchesRunOneAtATime() async {
        let stretcher = PasswordStretcher()
        let overlap = Overlap()
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<16 {
                group.addTask {
                    let hash = await stretcher.run {
                        overlap.enter()
                        defer { overlap.leave() }
                        return PasswordHash.make(password: "pw\(index)", iterations: 50)
                    }
                    return (index, hash.matches("pw\(index)"))
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 16)
        #expect(results.values.allSatisfy { $0 })
        #expect(overlap.most == 1)
    }
}
