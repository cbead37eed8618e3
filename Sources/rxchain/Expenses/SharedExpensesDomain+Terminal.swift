import RxChainJSON
import SharedExpenses

/// The shared expenses in the terminal: one operation per line (``ExpenseOperation/init(json:)``).
extension SharedExpensesDomain: OrderedLogTerminalDomain {
    var name: String { "expenses" }

    func readEntry(_ line: String) -> Result<ExpenseOperation, JSONFieldError> {
        Result { () throws(JSONFieldError) in try ExpenseOperation(json: Array(line.utf8)) }
    }
}
