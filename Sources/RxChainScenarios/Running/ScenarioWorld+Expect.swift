import Foundation
import RxChainLogs

extension ScenarioWorld {
    /// Evaluates `expectation`; a miss sets the event's status to failed with the expected
    /// and actual values and, for states, the differing paths.
    package func check(_ expectation: ScenarioExpectation, into event: inout ScenarioEvent) async throws {
        let subject = expectation.subject
        let actual: ScenarioValue?
        let comparison: ScenarioComparison
        var what = subject.description
        var diffRoot = StatePath([])
        switch expectation.check {
        case .value(let path, let compared):
            actual = path.value(in: try await value(of: subject))
            comparison = compared
            what += " \(path)"
            diffRoot = path
        case .count(let path, let compared):
            actual = path.value(in: try await value(of: subject))?.count.map { .number(Double($0)) }
            comparison = compared
            what += " count \(path)"
        case .sameState(let other):
            let left = try await replicated(of: subject)
            let right = try await replicated(of: other)
            event.compareStates(subject, left, with: other, right, domain: domain.name)
            return
        case .pending(let compared):
            actual = .number(Double(device(name(of: subject)).pending))
            comparison = compared
            what += " pending"
        case .deadLetters(let compared):
            actual = .number(Double(device(name(of: subject)).deadLetters))
            comparison = compared
            what += " dead letters"
        case .status(let compared):
            actual = .string(device(name(of: subject)).status.rawValue)
            comparison = compared
            what += " status"
        case .syncStatus(let path, let compared):
            actual = path.value(in: try ScenarioValue(encoding: device(name(of: subject)).syncStatus))
            comparison = compared
            what += " sync.\(path)"
        case .error(let compared):
            actual = device(name(of: subject)).lastError.map(ScenarioValue.string)
            comparison = compared
            what += " error"
        case .noError:
            actual = device(name(of: subject)).lastError.map(ScenarioValue.string)
            comparison = ScenarioComparison(op: .missing, expected: .null)
            what += " error"
        case .lines(let compared):
            actual = .number(Double(try await replay(upto: nil).counts.linesRead))
            comparison = compared
            what += " lines"
        case .skipped(let compared):
            actual = .number(Double(try await replay(upto: nil).allDiagnostics.count))
            comparison = compared
            what += " skipped"
        case .serverLog:
            preconditionFailure("the parser allows 'server log' in server domains only")
        }
        event.compare(what, actual: actual, with: comparison, diffRoot: diffRoot)
    }

    private func name(of subject: ScenarioExpectation.Subject) -> String {
        guard case .device(let name) = subject else {
            preconditionFailure("the parser allows this check on devices only")
        }
        return name
    }

    /// The whole value paths read: a device's state, or the replayed playbook's state.
    private func value(of subject: ScenarioExpectation.Subject) async throws -> ScenarioValue {
        switch subject {
        case .device(let name): try await snapshot(of: device(name))
        case .playbook(let upto): try ScenarioValue(encoding: try await replay(upto: upto).state)
        case .server: preconditionFailure("the parser allows 'server' in server domains only")
        }
    }

    /// The replicated state only (what every device converges on).
    private func replicated(of subject: ScenarioExpectation.Subject) async throws -> ScenarioValue {
        switch subject {
        case .device(let name): try ScenarioValue(encoding: await device(name).state[keyPath: Domain.replicated])
        case .playbook(let upto): try ScenarioValue(encoding: try await replay(upto: upto).state)
        case .server: preconditionFailure("the parser allows 'server' in server domains only")
        }
    }

    /// Replays the remote playbook as it is now (or its first `upto` lines).
    package func replay(upto: Int?) async throws -> PlaybookReplay<Domain> {
        let chunk = try await remote.inner.read(after: nil)
        return PlaybookReplay.replay(chunk.lines, domain: domain, upto: upto)
    }
}
