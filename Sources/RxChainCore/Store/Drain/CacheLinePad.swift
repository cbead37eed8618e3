/// 128 bytes of nothing, stored next to a field that one thread writes while another thread
/// writes the fields around it, so that the two never share a cache line.
///
/// Two cores writing different fields of one 64-byte line ("false sharing") pass the
/// line back and forth on every write. In ``StoreDrain`` the senders' inbox lock sat
/// on the same line as the state the actor rewrites per message: one send cost 40 ns
/// instead of 13 (`rxchain-bench store`, `store-counter-0`). 128 bytes rather than 64
/// because x86 cores also prefetch the neighbouring line of a pair.
///
/// Swift lays out a class's stored properties in declaration order, so a pad declared
/// right before and right after the contended field isolates it.
@usableFromInline
struct CacheLinePad: Sendable {
    @usableFromInline let words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    @inlinable init() {}
}
