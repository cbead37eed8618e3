import Ledger

/// `rxchain _debug tags`: prints every tag registered in `LedgerReducer.reducer`, one per line.
///
/// The docs check in the CLI tests reads it (the test target links no domain module) to
/// make sure every way the ledger state can change is documented.
struct DebugTagsCommand: Command {
    let name = "tags"
    let summary = "print the ledger reducer's registered tags"

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        for tag in LedgerReducer.reducer.tags { try context.terminal.writeLine(tag.rawValue) }
        return .success
    }
}
