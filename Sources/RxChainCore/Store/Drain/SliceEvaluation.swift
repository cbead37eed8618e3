/// A slice evaluation waiting in a store's inbox. Part of ``StoreDrain``.
///
/// A class, so that it takes one pointer in an inbox entry: a closure inline makes every
/// entry at least 24 bytes, where an entry for a small message (a word or less) is 16 with
/// this box. Every inbox entry moves from the sender's core to the drain's: on this 2-core
/// VM, when that is slow (runs of `store-counter-0` at 46–74 ns), 16-byte entries measured
/// 39–49 ns.
@usableFromInline
final class SliceEvaluation<State: Sendable>: Sendable {
    @usableFromInline let evaluate: SliceEvaluator<State>

    @inlinable
    init(_ evaluate: @escaping SliceEvaluator<State>) {
        self.evaluate = evaluate
    }
}
