import Dispatch
import Foundation
import RxChainCore
import SharedExpenses

/// The add-expense flow's questions in a terminal: each answered by its flag when given, else
/// asked on standard output and read as one line of standard input.
///
/// An empty line or the end of input (Ctrl-D) dismisses the question, which cancels the flow;
/// an answer that does not read is asked again. A flag that does not read is a usage error.
struct ExpensesAddPrompts: AddExpensePrompts {
    /// `--group`: a group id or name; `--friend`: a friend.
    var group: String?
    var friend: String?
    var spendingName: String?
    var amountText: String?
    var currencyCode: String?
    var splitText: String?
    /// `--yes`: confirmed in advance.
    var confirmed: Bool
    let terminal: Terminal

    func counterparty(among choices: [Counterparty]) -> Flow<Counterparty> {
        if let group {
            let matches = choices.filter { choice in
                if case .group(let id, let name) = choice { id == group || name == group } else { false }
            }
            guard matches.count == 1 else {
                return Flow {
                    throw CommandFailure(
                        matches.isEmpty
                            ? "'\(group)' is not one of your groups (see 'groups')"
                            : "'\(group)' names several of your groups: pass its id")
                }
            }
            return .completed(matches[0])
        }
        if let friend {
            guard choices.contains(.friend(friend)) else {
                return Flow { throw CommandFailure("'\(friend)' is not your friend (see 'friends')") }
            }
            return .completed(.friend(friend))
        }
        var question = ["share with:"]
        for (index, choice) in choices.enumerated() { question.append("  \(index + 1)) \(choice)") }
        question.append("choice [1-\(choices.count)]:")
        return ask(question.joined(separator: "\n"), "a number from 1 to \(choices.count)") { answer in
            Int(answer).flatMap { (1...choices.count).contains($0) ? choices[$0 - 1] : nil }
        }
    }

    func name() -> Flow<String> {
        answer(spendingName, option: "name", "what for:", "a name") { $0 }
    }

    func amount() -> Flow<Int64> {
        answer(amountText, option: "amount", "amount (like 12.34):", "a positive amount like 12.34") { answer in
            MinorUnits.parse(answer).flatMap { $0 > 0 ? $0 : nil }
        }
    }

    func currency() -> Flow<String> {
        answer(
            currencyCode, option: "currency", "currency (like EUR):", "a three-letter code like EUR", CurrencyCode.parse
        )
    }

    func split(amount: Int64, members: [String]) -> Flow<SplitChoice> {
        answer(
            splitText, option: "split",
            "split \(MinorUnits.format(amount)) among \(members.joined(separator: ", ")): "
                + "'equal', or who consumed how much (like \(members[0])=\(MinorUnits.format(amount))):",
            "equal or USER=AMOUNT,…", example: " like a=5.00,b=7.34"
        ) { SplitChoice(parsing: $0) }
    }

    func confirm(_ spending: SpendingCreationPayload) -> Flow<Bool> {
        if confirmed { return .completed(true) }
        let shares = spending.shares.map { "\($0.userID) \(ExpensesRendering.signed($0.amount))" }
        let question =
            "add '\(spending.name)', \(MinorUnits.format(spending.amount)) \(spending.currency) in "
            + "\(spending.groupID) (\(shares.joined(separator: ", ")))? [y/N]"
        return Flow {
            try terminal.writeLine(Self.safe(question))
            guard let answer = await Self.readAnswer() else { return .cancelled }
            return .completed(["y", "yes"].contains(answer.lowercased()))
        }
    }

    /// The value `flag` gives (one that does not read is a usage error naming `option`, expecting
    /// `expected` and `example`), else the answer to `question` (made only when it is asked).
    private func answer<Value: Sendable>(
        _ flag: String?, option: String, _ question: @autoclosure () -> String, _ expected: String,
        example: String = "",
        _ read: @escaping @Sendable (String) -> Value?
    ) -> Flow<Value> {
        guard let flag else { return ask(question(), expected, read) }
        guard let value = read(flag) else {
            return Flow { throw UsageError.invalidValue(flag, option: option, expected: expected + example) }
        }
        return .completed(value)
    }

    /// Asks `question` until an answer reads as a value (`read`), or the user dismisses it.
    private func ask<Value: Sendable>(
        _ question: String, _ expected: String, _ read: @escaping @Sendable (String) -> Value?
    ) -> Flow<Value> {
        Flow { [terminal] in
            try terminal.writeLine(Self.safe(question))
            while let answer = await Self.readAnswer() {
                if let value = read(answer) { return .completed(value) }
                terminal.writeErrorLine("expected \(expected), got '\(answer)' (an empty line cancels)")
            }
            return .cancelled
        }
    }

    /// One line of standard input, trimmed, read off the concurrency pool; `nil` at the end of
    /// input or for an empty line (both dismiss the question).
    private static func readAnswer() async -> String? {
        let line = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: readLine(strippingNewline: true)) }
        }
        guard let answer = line?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else { return nil }
        return answer
    }

    /// `question` with control characters escaped in each of its lines (names come from other
    /// devices).
    private static func safe(_ question: String) -> String {
        question.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n")
    }
}
