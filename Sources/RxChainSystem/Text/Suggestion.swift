/// The candidate closest to a mistyped name, if one is close enough to be what was meant.
///
/// "Close enough" is an edit distance (insertions, deletions, substitutions) of at most
/// two, and less than the typed name's length, so `--jsn` suggests `--json` but `-x`
/// suggests nothing. Ties go to the earlier candidate.
package func closestMatch(to typed: String, among candidates: [String]) -> String? {
    let scored = candidates.map { (candidate: $0, distance: editDistance(typed, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    return best.distance <= 2 && best.distance < typed.count ? best.candidate : nil
}

/// The Levenshtein distance between two strings, by characters.
package func editDistance(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    // `previous[j]` is the distance between the first i characters of `a` and the first j of `b`.
    var previous = Array(0...b.count)
    for i in a.indices {
        var current = [i + 1]
        for j in b.indices {
            let substitution = previous[j] + (a[i] == b[j] ? 0 : 1)
            current.append(min(previous[j + 1] + 1, current[j] + 1, substitution))
        }
        previous = current
    }
    return previous[b.count]
}
