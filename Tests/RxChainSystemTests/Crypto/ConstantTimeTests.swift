import Testing

@testable import RxChainSystem

@Suite struct ConstantTimeTests {
    @Test func equalOnlyForTheSameBytes() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(ConstantTime.equal([], []))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([0, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2], [1, 2, 3]))
    }
}
