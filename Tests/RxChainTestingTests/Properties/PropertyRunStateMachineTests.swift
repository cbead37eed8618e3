import Testing

@testable import RxChainTesting

@Suite struct PropertyRunStateMachineTests {
    private func machine(iterations: Int, shrinkLimit: Int = 100) -> PropertyRunStateMachine<Int> {
        PropertyRunStateMachine(
            generator: Gen.integer(in: 0...1_000),
            configuration: PropertyConfiguration(
                seed: 5, iterations: iterations, shrinkLimit: shrinkLimit,
                location: PropertyLocation(fileID: "M/F.swift", function: "t()", line: 1)))
    }

    private func checkedValue(_ action: PropertyRunStateMachine<Int>.Action) -> Int? {
        if case .check(let value) = action { value } else { nil }
    }

    @Test func drawsTheGeneratorsValuesInOrderThenPasses() {
        var machine = machine(iterations: 3)
        var drawn = [checkedValue(machine.started())]
        drawn.append(checkedValue(machine.caseChecked(failure: nil)))
        drawn.append(checkedValue(machine.caseChecked(failure: nil)))
        #expect(drawn.compactMap { $0 } == Gen.integer(in: 0...1_000).samples(count: 3, seed: 5))
        guard case .passed(let iterations) = machine.caseChecked(failure: nil) else {
            Issue.record("expected the run to pass after 3 cases")
            return
        }
        #expect(iterations == 3)
    }

    @Test func failureStartsShrinkingFromTheFirstCandidate() {
        var machine = machine(iterations: 10)
        let first = checkedValue(machine.started())!
        // The first candidate of an integer is its target, zero.
        #expect(checkedValue(machine.caseChecked(failure: .returnedFalse)) == (first == 0 ? nil : 0))
    }

    @Test func candidatesThatPassAreSkippedAndFailingOnesAreKept() {
        var machine = machine(iterations: 10)
        let first = checkedValue(machine.started())!
        var action = machine.caseChecked(failure: .returnedFalse)
        var checked: [Int] = []
        // Answer as the property "value >= 10" would.
        while case .check(let value) = action {
            checked.append(value)
            action = machine.caseChecked(failure: value >= 10 ? .returnedFalse : nil)
        }
        guard case .failed(let failure) = action else {
            Issue.record("expected a failure, got \(action)")
            return
        }
        #expect(failure.originalCounterexample == "\(first)")
        #expect(failure.minimalCounterexample == "10")
        #expect(failure.iteration == 1)
        #expect(failure.shrinkAttempts == checked.count)
        #expect(failure.shrinkSteps == checked.filter { $0 >= 10 }.count)
    }
}
