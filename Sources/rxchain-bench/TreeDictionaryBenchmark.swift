import RxChainCollections

/// `rxchain-bench collections`: `TreeDictionary` against `Dictionary` when older versions
/// of the state stay alive (as they do in a store that publishes each new state).
///
/// - `tree-update-1k` / `tree-update-100k`: set one key while the previous version is held;
///   baseline `dictionary-update-1k` / `-100k`, the same on a `Dictionary` (a full copy).
/// - `tree-lookup-1k` / `tree-lookup-100k`: read one present key; baseline
///   `dictionary-lookup-1k` / `-100k`.
/// - `tree-lookup-miss-100k`: read one absent key; baseline `dictionary-lookup-miss-100k`.
/// - `tree-equal-100k`: `==` of two versions differing in one key; baseline `dictionary-equal-100k`.
/// - `tree-changes-100k`: `changedKeys(since:)` between those versions; baseline `tree-equal-100k`.
enum TreeDictionaryBenchmark {
    static func run(report: Report) {
        report.header("collections")
        var checksum = 0
        for size in [1_000, 100_000] {
            let (tree, dictionary) = maps(size: size)
            let updates = size >= 100_000 ? 2_000 : 20_000
            let dictionaryUpdates = size >= 100_000 ? 100 : 2_000
            let treeNanoseconds = Stopwatch.medianNanoseconds(operations: updates) {
                var current = tree
                for step in 0..<updates {
                    let previous = current
                    // Held until the update is done (the optimizer may otherwise end its lifetime early).
                    withExtendedLifetime(previous) { current[step &* 7_919 % size] = step }
                }
                checksum &+= current.count
            }
            let dictionaryNanoseconds = Stopwatch.medianNanoseconds(operations: dictionaryUpdates) {
                var current = dictionary
                for step in 0..<dictionaryUpdates {
                    let previous = current
                    withExtendedLifetime(previous) { current[step &* 7_919 % size] = step }
                }
                checksum &+= current.count
            }
            let label = size >= 100_000 ? "100k" : "1k"
            report.emit(
                Figure(
                    name: "tree-update-\(label)", unit: "update", medianNanoseconds: treeNanoseconds,
                    baseline: "dictionary-update-\(label)", baselineMedianNanoseconds: dictionaryNanoseconds,
                    extra: [("entries", Double(size))]))
        }

        for size in [1_000, 100_000] {
            let (tree, dictionary) = maps(size: size)
            let label = size >= 100_000 ? "100k" : "1k"
            emitLookups(
                name: "tree-lookup-\(label)", baseline: "dictionary-lookup-\(label)", tree: tree,
                dictionary: dictionary, keys: 0..<size, report: report, checksum: &checksum)
        }

        let size = 100_000
        let (tree, dictionary) = maps(size: size)
        // Keys `size..<2 * size` are absent; most end their walk at an item of another key.
        emitLookups(
            name: "tree-lookup-miss-100k", baseline: "dictionary-lookup-miss-100k", tree: tree,
            dictionary: dictionary, keys: size..<(2 * size), report: report, checksum: &checksum)

        // Eight versions, each differing from the original in one key; the loops cycle through
        // them so the optimizer cannot hoist a comparison out of its loop.
        let changedTrees = (0..<8).map { variant in
            var changed = tree
            changed[variant &* 12_347 % size] = -1
            return changed
        }
        let changedDictionaries = (0..<8).map { variant in
            var changed = dictionary
            changed[variant &* 12_347 % size] = -1
            return changed
        }
        let comparisons = 100_000
        let treeEqual = Stopwatch.medianNanoseconds(operations: comparisons) {
            for step in 0..<comparisons where tree == changedTrees[step & 7] { checksum &+= 1 }
        }
        let dictionaryComparisons = 16
        let dictionaryEqual = Stopwatch.medianNanoseconds(operations: dictionaryComparisons) {
            for step in 0..<dictionaryComparisons where dictionary == changedDictionaries[step & 7] {
                checksum &+= 1
            }
        }
        report.emit(
            Figure(
                name: "tree-equal-100k", unit: "==", medianNanoseconds: treeEqual,
                baseline: "dictionary-equal-100k", baselineMedianNanoseconds: dictionaryEqual))
        let treeChanges = Stopwatch.medianNanoseconds(operations: comparisons) {
            for step in 0..<comparisons { checksum &+= changedTrees[step & 7].changedKeys(since: tree).count }
        }
        report.emit(
            Figure(
                name: "tree-changes-100k", unit: "changedKeys", medianNanoseconds: treeChanges,
                baseline: "tree-equal-100k", baselineMedianNanoseconds: treeEqual))
        if !report.json { print("checksum \(checksum)") }
    }

    /// Times a million lookups of keys spread over `keys` in both maps.
    static func emitLookups(
        name: String, baseline: String, tree: TreeDictionary<Int, Int>, dictionary: [Int: Int],
        keys: Range<Int>, report: Report, checksum: inout Int
    ) {
        let lookups = 1_000_000
        let first = keys.lowerBound
        let span = keys.count
        var sum = 0
        let treeLookup = Stopwatch.medianNanoseconds(operations: lookups) {
            for step in 0..<lookups { sum &+= tree[first &+ step &* 7_919 % span] ?? 1 }
        }
        let dictionaryLookup = Stopwatch.medianNanoseconds(operations: lookups) {
            for step in 0..<lookups { sum &+= dictionary[first &+ step &* 7_919 % span] ?? 1 }
        }
        checksum &+= sum
        report.emit(
            Figure(
                name: name, unit: "lookup", medianNanoseconds: treeLookup,
                baseline: baseline, baselineMedianNanoseconds: dictionaryLookup,
                extra: [("entries", Double(tree.count))]))
    }

    /// The same `size` entries (keys `0..<size`) in both kinds of map.
    static func maps(size: Int) -> (TreeDictionary<Int, Int>, [Int: Int]) {
        var tree = TreeDictionary<Int, Int>()
        var dictionary: [Int: Int] = [:]
        for key in 0..<size {
            tree[key] = key
            dictionary[key] = key
        }
        return (tree, dictionary)
    }
}
