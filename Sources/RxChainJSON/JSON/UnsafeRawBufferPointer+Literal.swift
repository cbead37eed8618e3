import Foundation

extension UnsafeRawBufferPointer {
    /// Whether these bytes are exactly `literal`'s UTF-8 (a fixed-length compare the
    /// optimiser turns into a few integer comparisons).
    @inlinable @inline(always)
    package func equals(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        return count == length && memcmp(baseAddress!, literal.utf8Start, length) == 0
    }
}
