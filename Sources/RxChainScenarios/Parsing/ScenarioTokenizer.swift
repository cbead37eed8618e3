import RxChainJSON

/// Splits a script line into words: runs of non-blank characters, double-quoted strings
/// with JSON escapes (`\"`, `\\`, `\n`, `\t`, `\uXXXX`), or JSON arrays and objects
/// (`["a", "b"]`, `{"type": …}`: from the bracket to its match, blanks and quotes inside kept).
///
/// A quoted part inside a run of non-blank characters belongs to that run, blanks and all,
/// and keeps its quotes: `transactions."a b".charge` is one (unquoted) word, a path whose
/// middle key holds a blank.
///
/// A word records whether it was quoted, so `"12"` stays text while `12` may be a number,
/// and `"at"` can be a description rather than the `at` keyword.
package enum ScenarioTokenizer {
    package typealias Word = ScenarioWord

    package static func words(_ line: Substring) throws(ScenarioSyntaxError) -> [Word] {
        var words: [Word] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == " " || character == "\t" {
                index = line.index(after: index)
            } else if character == "\"" {
                let (text, end) = try quoted(line, from: index)
                if end == line.endIndex || line[end] == " " || line[end] == "\t" {
                    words.append(Word(text: text, isQuoted: true))
                    index = end
                } else {
                    // `"a b".charge`: a path starting with a quoted key.
                    let end = try bareWordEnd(line, from: index)
                    words.append(Word(text: String(line[index..<end]), isQuoted: false))
                    index = end
                }
            } else if character == "[" || character == "{" {
                let end = try bracketEnd(line, from: index)
                words.append(Word(text: String(line[index..<end]), isQuoted: false))
                index = end
            } else {
                let end = try bareWordEnd(line, from: index)
                words.append(Word(text: String(line[index..<end]), isQuoted: false))
                index = end
            }
        }
        return words
    }

    /// The end of the unquoted word at `start`: the next blank outside double quotes.
    private static func bareWordEnd(_ line: Substring, from start: Substring.Index) throws(ScenarioSyntaxError)
        -> Substring.Index
    {
        var index = start
        while index < line.endIndex, line[index] != " ", line[index] != "\t" {
            if line[index] == "\"" {
                index = try quoted(line, from: index).1
            } else {
                index = line.index(after: index)
            }
        }
        return index
    }

    /// The index after the bracket that closes the one at `start` (strings inside skipped).
    private static func bracketEnd(_ line: Substring, from start: Substring.Index) throws(ScenarioSyntaxError)
        -> Substring.Index
    {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < line.endIndex {
            let character = line[index]
            index = line.index(after: index)
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "[" || character == "{" {
                depth += 1
            } else if character == "]" || character == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        throw ScenarioSyntaxError("a JSON value starting with '\(line[start])' is not closed")
    }

    /// The string starting at the quote at `start`, and the index after its closing quote.
    private static func quoted(_ line: Substring, from start: Substring.Index) throws(ScenarioSyntaxError) -> (
        String, Substring.Index
    ) {
        var text = ""
        var index = line.index(after: start)
        while index < line.endIndex {
            let character = line[index]
            index = line.index(after: index)
            switch character {
            case "\"":
                return (text, index)
            case "\\":
                guard index < line.endIndex else { break }
                let escaped = line[index]
                index = line.index(after: index)
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "u":
                    let hex = line[index...].prefix(4)
                    guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw ScenarioSyntaxError("bad \\u escape in a quoted string")
                    }
                    text.unicodeScalars.append(scalar)
                    index = line.index(index, offsetBy: 4)
                case "\"", "\\", "/": text.append(escaped)
                default: throw ScenarioSyntaxError("unknown escape '\\\(escaped)' in a quoted string")
                }
            default:
                text.append(character)
            }
        }
        throw ScenarioSyntaxError("a quoted string is not closed")
    }
}

/// One word of a script line, as `ScenarioTokenizer` split it: what a domain's own steps
/// receive (`ScenarioDomain.parseCommand(_:)`).
public struct ScenarioWord: Sendable, Equatable {
    /// The word's text (a quoted word's without its quotes, escapes decoded).
    public var text: String
    /// Whether it was written in double quotes (so `"12"` stays text and `"at"` is no keyword).
    public var isQuoted: Bool

    /// A word.
    public init(text: String, isQuoted: Bool) {
        self.text = text
        self.isQuoted = isQuoted
    }

    /// Whether this is the bare keyword `keyword`.
    public func `is`(_ keyword: String) -> Bool { !isQuoted && text == keyword }
}

extension ScenarioWord {
    /// The word as an RFC 3339 time (`2026-11-01T12:00:00Z`).
    ///
    /// - Throws: a script error naming the word and what is wrong with it.
    public func timestamp() throws(ScenarioSyntaxError) -> Timestamp {
        do {
            return try Timestamp(parsing: text)
        } catch {
            throw ScenarioSyntaxError("'\(text)' \(error)")
        }
    }

    /// The word as a decimal number (`12.5`; not `0x10`, `nan` or `inf`).
    ///
    /// - Throws: a script error naming `what` the number is.
    public func decimal(_ what: String) throws(ScenarioSyntaxError) -> Double {
        guard let value = DecimalNumber.double(text) else {
            throw ScenarioSyntaxError("the \(what) '\(text)' is not a decimal number (like 12.5)")
        }
        return value
    }
}
