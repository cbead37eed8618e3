import RxChainScenarios

extension ServerScenarioWorld {
    /// Evaluates `expectation`; a miss sets the event's status to failed with the expected
    /// and actual values and, for states, the differing paths.
    func check(_ expectation: ScenarioExpectation, into event: inout ScenarioEvent) async throws {
        let subject = expectation.subject
        let what = subject.description
        switch expectation.check {
        case .value(let path, let comparison):
            let actual = path.value(in: try await snapshot(of: device(name(of: subject))))
            event.compare(what + " \(path)", actual: actual, with: comparison, diffRoot: path)
        case .count(let path, let comparison):
            let actual = path.value(in: try await snapshot(of: device(name(of: subject))))?.count
            event.compare(what + " count \(path)", actual: actual.map { .number(Double($0)) }, with: comparison)
        case .sameState(let other):
            let device = device(name(of: subject))
            let left = try await domain.replicatedValue(of: device.device, user: device.user)
            let right: ScenarioValue
            switch other {
            case .server:
                right = try await freshState(of: device.user)
            case .device(let name):
                let other = self.device(name)
                right = try await domain.replicatedValue(of: other.device, user: other.user)
            case .playbook:
                preconditionFailure("the parser refuses 'playbook' in server domains")
            }
            event.compareStates(subject, left, with: other, right, domain: domain.name)
        case .pending(let comparison):
            event.compare(
                what + " pending", actual: .number(Double(device(name(of: subject)).pending)), with: comparison)
        case .deadLetters(let comparison):
            event.compare(
                what + " dead letters", actual: .number(Double(device(name(of: subject)).deadLetters)),
                with: comparison)
        case .status(let comparison):
            event.compare(
                what + " status", actual: .string(device(name(of: subject)).status.rawValue), with: comparison)
        case .error(let comparison):
            event.compare(
                what + " error", actual: device(name(of: subject)).lastError.map(ScenarioValue.string), with: comparison
            )
        case .noError:
            event.compare(
                what + " error", actual: device(name(of: subject)).lastError.map(ScenarioValue.string),
                with: ScenarioComparison(op: .missing, expected: .null))
        case .serverLog(let log, let comparison):
            event.compare("server log \(log)", actual: .number(Double(try server.entries(in: log))), with: comparison)
        case .syncStatus, .lines, .skipped:
            preconditionFailure("the parser allows these checks in playbook domains only")
        }
    }

    private func name(of subject: ScenarioExpectation.Subject) -> String {
        guard case .device(let name) = subject else {
            preconditionFailure("the parser allows this check on devices only")
        }
        return name
    }
}
