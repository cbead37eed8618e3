/// A generated value together with the smaller values it can shrink to, computed on demand.
///
/// This is a "rose tree": each child is itself a tree, so a shrinker that moves to a
/// child can keep shrinking from there. Children are produced lazily (the full tree of
/// an array of integers is astronomically large) and in order of preference: the
/// first child is the most aggressive simplification, the last the most cautious one.
///
/// Keeping the tree instead of a bare `(Value) -> [Value]` shrinker is what lets
/// ``Gen/map(_:)``, ``Gen/zip(_:_:)`` and friends carry shrinking through: a mapped
/// tree maps its children, so a `Gen<String>` built from a `Gen<[Character]>` shrinks
/// like the array it came from.
struct ShrinkTree<Value> {
    /// The generated value.
    let value: Value
    private let makeChildren: () -> AnySequence<ShrinkTree<Value>>

    /// Creates a tree whose children are computed by `children` each time they are asked for.
    init(value: Value, children: @escaping () -> AnySequence<ShrinkTree<Value>>) {
        self.value = value
        self.makeChildren = children
    }

    /// A tree with no smaller values.
    init(leaf value: Value) {
        self.init(value: value) { AnySequence([]) }
    }

    /// Builds the tree of `value` by applying `shrink` to it, and again to each candidate.
    init(unfolding value: Value, shrink: @escaping (Value) -> [Value]) {
        self.init(value: value) {
            AnySequence(shrink(value).lazy.map { ShrinkTree(unfolding: $0, shrink: shrink) })
        }
    }

    /// The candidates one step smaller than ``value``, most aggressive first.
    var children: AnySequence<ShrinkTree<Value>> { makeChildren() }

    /// The same tree with `transform` applied to every value in it.
    func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> ShrinkTree<NewValue> {
        ShrinkTree<NewValue>(value: transform(value)) {
            AnySequence(children.lazy.map { $0.map(transform) })
        }
    }
}

extension ShrinkTree {
    /// Combines two trees: candidates shrink the first component (keeping the second), then the second.
    static func zip<First, Second>(
        _ first: ShrinkTree<First>, _ second: ShrinkTree<Second>
    ) -> ShrinkTree<(First, Second)> where Value == (First, Second) {
        ShrinkTree<(First, Second)>(value: (first.value, second.value)) {
            let shrinkFirst = first.children.lazy.map { ShrinkTree.zip($0, second) }
            let shrinkSecond = second.children.lazy.map { ShrinkTree.zip(first, $0) }
            return AnySequence([AnySequence(shrinkFirst), AnySequence(shrinkSecond)].joined())
        }
    }

    /// The tree of an array whose elements are `elements`, never shorter than `minimumCount`.
    ///
    /// Candidates, in order: remove chunks of elements (halving the chunk size from
    /// "everything removable" down to one element, at every offset), then shrink one
    /// element in place, first element first.
    static func array<Element>(
        _ elements: [ShrinkTree<Element>], minimumCount: Int
    ) -> ShrinkTree<[Element]> where Value == [Element] {
        ShrinkTree<[Element]>(value: elements.map(\.value)) {
            let removals = chunkRemovals(of: elements, minimumCount: minimumCount).lazy.map {
                ShrinkTree.array($0, minimumCount: minimumCount)
            }
            let elementShrinks = elements.indices.lazy.flatMap { index in
                elements[index].children.lazy.map { smaller in
                    var copy = elements
                    copy[index] = smaller
                    return ShrinkTree.array(copy, minimumCount: minimumCount)
                }
            }
            return AnySequence([AnySequence(removals), AnySequence(elementShrinks)].joined())
        }
    }

    /// Every way to remove one contiguous chunk of `k` elements, for `k` = removable, removable / 2, …, 1.
    private static func chunkRemovals<Element>(
        of elements: [Element], minimumCount: Int
    ) -> AnySequence<[Element]> {
        let removable = elements.count - minimumCount
        let chunkSizes = sequence(first: removable) { $0 / 2 }.prefix { $0 > 0 }
        let removals = chunkSizes.lazy.flatMap { size in
            stride(from: 0, to: elements.count - size + 1, by: size).lazy.map { start in
                Array(elements[..<start] + elements[(start + size)...])
            }
        }
        return AnySequence(removals)
    }
}
