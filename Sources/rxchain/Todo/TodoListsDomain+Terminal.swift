import RxChainJSON
import TodoLists

/// The TODO lists in the terminal: one ``TodoEntry`` per NDJSON line.
extension TodoListsDomain: OrderedLogTerminalDomain {
    var name: String { "todo lists" }

    func readEntry(_ line: String) -> Result<TodoEntry, JSONFieldError> {
        do throws(JSONFieldError) {
            return .success(try TodoEntry(line: line))
        } catch {
            return .failure(error)
        }
    }
}
