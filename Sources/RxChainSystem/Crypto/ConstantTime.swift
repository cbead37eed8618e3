/// Comparisons of secrets whose time does not depend on where they differ.
package enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes, looking at every byte whatever the first
    /// difference (only the lengths, which are not secret here, end the comparison early).
    package static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
