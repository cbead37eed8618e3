import SharedExpenses
import Testing

/// Applies `operation` after `setup` and expects the rule to reject it with `rejection`,
/// through the domain (the reason the fold lists) and leaving the state exactly as it was.
func expectRejected(
    _ operation: ExpenseOperation, after setup: [ExpenseOperation], _ rejection: ExpenseRejection,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var state = Ops.fold(setup).state
    let before = state
    let outcome = SharedExpensesDomain().apply(operation, to: &state)
    #expect(outcome == .skipped(rejection.description), sourceLocation: sourceLocation)
    #expect(state == before, sourceLocation: sourceLocation)
}

/// Folds `operations` and expects every one of them to apply; returns the state.
@discardableResult
func foldAccepting(_ operations: [ExpenseOperation], sourceLocation: SourceLocation = #_sourceLocation)
    -> SharedExpensesState
{
    let fold = Ops.fold(operations)
    #expect(Ops.rejections(fold) == [], sourceLocation: sourceLocation)
    return fold.state
}
