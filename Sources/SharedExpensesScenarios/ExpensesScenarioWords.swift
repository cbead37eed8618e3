import RxChainRemotes
import RxChainScenarios
import SharedExpenses

/// Reads an expenses step's words in order: its fixed words first, then its options
/// (`split …`, `paid-by …`, `at …`, `as …`) in any order, each at most once.
struct ExpensesScenarioWords {
    private var words: [ScenarioWord]
    private let usage: String
    /// How many fixed words were read (the options start there).
    private var position = 0

    init(_ words: [ScenarioWord], usage: String) {
        self.words = words
        self.usage = usage
    }

    /// The next fixed word.
    mutating func word() throws(ScenarioSyntaxError) -> String {
        guard position < words.count, !isOption(words[position]) else { throw ScenarioSyntaxError(usage) }
        position += 1
        return words[position - 1].text
    }

    /// The bare keyword `keyword` as the next fixed word.
    mutating func keyword(_ keyword: String) throws(ScenarioSyntaxError) {
        guard position < words.count, words[position].is(keyword) else { throw ScenarioSyntaxError(usage) }
        position += 1
    }

    /// The next fixed word as a group id (it becomes part of the group's log path).
    mutating func groupID() throws(ScenarioSyntaxError) -> String {
        let id = try word()
        guard SharedExpensesDomain.isValidGroupID(id) else {
            throw ScenarioSyntaxError("'\(id)' is not a group id (1 to 64 ASCII letters, digits, '-' or '_')")
        }
        return id
    }

    /// The next fixed word as a user's name.
    mutating func user() throws(ScenarioSyntaxError) -> String {
        try Self.user(try word())
    }

    /// The next fixed word as a positive amount in minor units (`12.50` → 1250).
    mutating func amount() throws(ScenarioSyntaxError) -> Int64 {
        let text = try word()
        guard let amount = MinorUnits.parse(text), amount > 0 else {
            throw ScenarioSyntaxError("'\(text)' is not a positive amount like 12.50 (at most 2 decimals)")
        }
        return amount
    }

    /// The next fixed word as a currency code (`EUR`).
    mutating func currency() throws(ScenarioSyntaxError) -> String {
        let text = try word()
        guard let code = CurrencyCode.parse(text) else {
            throw ScenarioSyntaxError("'\(text)' is not a currency (three letters, like EUR)")
        }
        return code
    }

    /// The value after the option `name`, read by `read`; `nil` when the option is not given.
    mutating func option<Value>(_ name: String, _ read: (String) throws(ScenarioSyntaxError) -> Value)
        throws(ScenarioSyntaxError) -> Value?
    {
        let given = words.indices.filter { $0 >= position && words[$0].is(name) }
        guard let index = given.first else { return nil }
        guard given.count == 1 else { throw ScenarioSyntaxError("'\(name)' is given twice; \(usage)") }
        guard index + 1 < words.count else { throw ScenarioSyntaxError("'\(name)' needs a value; \(usage)") }
        let value = try read(words[index + 1].text)
        words.removeSubrange(index...(index + 1))
        return value
    }

    /// Checks that every word was read.
    func end() throws(ScenarioSyntaxError) {
        guard position == words.count else {
            throw ScenarioSyntaxError("unexpected '\(words[position].text)'; \(usage)")
        }
    }

    private func isOption(_ word: ScenarioWord) -> Bool {
        ["split", "paid-by", "at", "as"].contains { word.is($0) }
    }

    /// `name` when it can be a user's name (it becomes part of a mailbox's path).
    static func user(_ name: String) throws(ScenarioSyntaxError) -> String {
        do {
            try ServerSessionStore.validate(user: name)
        } catch {
            throw ScenarioSyntaxError("'\(name)' is not a user name (1 to 64 ASCII letters, digits, '-' or '_')")
        }
        return name
    }

    /// `equal`, or `USER=AMOUNT,…` summing to the amount.
    static func split(_ text: String) throws(ScenarioSyntaxError) -> SplitChoice {
        guard let choice = SplitChoice(parsing: text) else {
            throw ScenarioSyntaxError("'\(text)' is not a split (equal, or USER=AMOUNT,… like alice=5.00,bob=7.50)")
        }
        return choice
    }
}
