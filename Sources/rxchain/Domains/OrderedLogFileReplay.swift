import RxChainJSON
import RxChainLogs

/// Folds an NDJSON file of an ordered-log domain's entries, as the `replay` commands of the
/// TODO lists and the shared expenses do.
///
/// Entries with an order are confirmed by the server and folded in `(order, id)` order; entries
/// without one are local, applied after them in file order. A line that is not an entry is
/// reported on stderr with its number and the field at fault, and never stops the fold; so
/// are blank lines (silently), a last line without its `\n` (read like any other), and what
/// the fold reports (duplicates, clashes, entries the rules skipped, each with its id).
enum OrderedLogFileReplay {
    /// How many lines the fold read, for the summary line on stderr.
    struct Counts {
        var lines = 0
        var entries = 0
        var unreadable = 0
        var blank = 0
    }

    /// Folds the file at `path` with `domain`'s rules and reports what it skipped on stderr;
    /// `entry` reads a line's text (without its `\n`, not blank, valid UTF-8) or names the field
    /// that is wrong (`payload.amount`).
    ///
    /// > Important: Blocks the calling thread on file I/O (the terminal's main thread).
    ///
    /// - Throws: ``NDJSONFileError`` naming the path when the file cannot be read.
    static func fold<Domain: OrderedLogDomain>(
        file path: String, domain: Domain, context: CommandContext,
        entry: (String) throws(JSONFieldError) -> Domain.Entry
    ) throws -> OrderedLogFold<Domain> {
        var fold = OrderedLogFold(domain: domain)
        var counts = Counts()
        var confirmed: [Domain.Entry] = []
        var locals: [Domain.Entry] = []
        func read(_ line: NDJSONLine) {
            counts.lines += 1
            switch line.content {
            case .blank:
                counts.blank += 1
            case .invalidUTF8(let error):
                counts.unreadable += 1
                context.terminal.writeErrorLine("\(context.commandLine): skipped \(error)")
            case .text(let text):
                do throws(JSONFieldError) {
                    let entry = try entry(text)
                    counts.entries += 1
                    if domain.order(of: entry) == nil { locals.append(entry) } else { confirmed.append(entry) }
                } catch {
                    counts.unreadable += 1
                    context.terminal.writeErrorLine("\(context.commandLine): skipped line \(line.number): \(error)")
                }
            }
        }
        if let torn = try NDJSONReader.readFile(atPath: path, read) { read(torn) }
        fold.receive(confirmed)
        for entry in locals { fold.addLocal(entry) }
        for diagnostic in fold.diagnostics {
            context.terminal.writeErrorLine("\(context.commandLine): \(diagnostic)")
        }
        context.terminal.writeErrorLine(
            "\(context.commandLine): read \(counts.lines) lines: \(counts.entries) entries, "
                + "\(counts.unreadable) unreadable, \(counts.blank) blank")
        return fold
    }
}
