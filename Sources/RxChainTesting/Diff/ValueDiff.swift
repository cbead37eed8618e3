/// Describes where two values differ, field by field, for readable test failures.
///
/// Walks both values with `Mirror`: struct and class fields by name, collections by
/// index, dictionaries by key, enums by case. Each difference is one line with the
/// path to it, such as `state.records["a"]: expected 1, got 2`. Leaves (values with
/// no children) are compared by their description.
public enum ValueDiff {
    /// The differences between `expected` and `actual`, one line each; empty when none is found.
    public static func lines<Value>(expected: Value, actual: Value, root: String = "state") -> [String] {
        var lines: [String] = []
        compare(expected, actual, path: root, into: &lines)
        return lines
    }

    private static func compare(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
        let left = Mirror(reflecting: expected)
        let right = Mirror(reflecting: actual)
        if left.displayStyle == .optional || right.displayStyle == .optional {
            let unwrappedLeft = left.children.first?.value
            let unwrappedRight = right.children.first?.value
            switch (unwrappedLeft, unwrappedRight) {
            case (nil, nil): return
            case (let value?, nil): lines.append("\(path): expected \(render(value)), got nil")
            case (nil, let value?): lines.append("\(path): expected nil, got \(render(value))")
            case (let l?, let r?): compare(l, r, path: path, into: &lines)
            }
            return
        }
        switch left.displayStyle {
        case .dictionary:
            let leftEntries = entries(left)
            let rightEntries = entries(right)
            for key in Set(leftEntries.keys).union(rightEntries.keys).sorted() {
                let child = "\(path)[\(key)]"
                switch (leftEntries[key], rightEntries[key]) {
                case (let l?, let r?): compare(l, r, path: child, into: &lines)
                case (let l?, nil): lines.append("\(child): expected \(render(l)), got no entry")
                case (nil, let r?): lines.append("\(child): expected no entry, got \(render(r))")
                case (nil, nil): break
                }
            }
        case .collection, .set:
            let leftItems = left.children.map(\.value)
            let rightItems = right.children.map(\.value)
            if left.displayStyle == .set {
                if render(expected) != render(actual) {
                    lines.append("\(path): expected \(render(expected)), got \(render(actual))")
                }
                return
            }
            for index in 0..<max(leftItems.count, rightItems.count) {
                let child = "\(path)[\(index)]"
                if index >= leftItems.count {
                    lines.append("\(child): unexpected extra element \(render(rightItems[index]))")
                } else if index >= rightItems.count {
                    lines.append("\(child): missing element \(render(leftItems[index]))")
                } else {
                    compare(leftItems[index], rightItems[index], path: child, into: &lines)
                }
            }
        case .struct, .class, .tuple:
            let leftChildren = Array(left.children)
            let rightChildren = Array(right.children)
            guard leftChildren.count == rightChildren.count, !leftChildren.isEmpty else {
                leaf(expected, actual, path: path, into: &lines)
                return
            }
            for (offset, (l, r)) in zip(leftChildren, rightChildren).enumerated() {
                let name = l.label.map { "\(path).\($0)" } ?? "\(path).\(offset)"
                compare(l.value, r.value, path: name, into: &lines)
            }
        default:
            leaf(expected, actual, path: path, into: &lines)
        }
    }

    private static func leaf(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
        let left = render(expected)
        let right = render(actual)
        if left != right { lines.append("\(path): expected \(left), got \(right)") }
    }

    private static func entries(_ mirror: Mirror) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            result[render(pair[0].value)] = pair[1].value
        }
        return result
    }

    private static func render(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        return String(describing: value)
    }
}
