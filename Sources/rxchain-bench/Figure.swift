import Foundation
import RxChainJSON

/// One benchmark result, in the schema every `rxchain-bench` command prints.
///
/// JSON form (one object per line with `--json`):
/// `{"case": …, "unit": …, "median_ns": …, "baseline": …, "baseline_median_ns": …, "ratio": …, …extra}`
/// where `median_ns` is the median time of one operation over at least five runs,
/// `baseline` names the floor measured in the same run, and `ratio` is
/// `median_ns / baseline_median_ns`.
struct Figure {
    var name: String
    var unit: String
    var medianNanoseconds: Double
    var baseline: String
    var baselineMedianNanoseconds: Double
    /// Further figures, printed after the fixed fields (e.g. `requests_per_s`).
    var extra: [(String, Double)] = []

    var ratio: Double { baselineMedianNanoseconds > 0 ? medianNanoseconds / baselineMedianNanoseconds : 0 }

    var jsonLine: String {
        var fields = [
            "\"case\":\(quoted(name))",
            "\"unit\":\(quoted(unit))",
            "\"median_ns\":\(number(medianNanoseconds))",
            "\"baseline\":\(quoted(baseline))",
            "\"baseline_median_ns\":\(number(baselineMedianNanoseconds))",
            "\"ratio\":\(number(ratio))",
        ]
        for (key, value) in extra { fields.append("\(quoted(key)):\(number(value))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func quoted(_ text: String) -> String {
        JSONWriter.quoted(text)
    }

    private func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.3f", value) : "null"
    }
}

/// Prints figures as a table (default) or as JSON lines (`--json`), flushing stdout after each.
struct Report {
    let json: Bool

    func header(_ title: String) {
        guard !json else { return }
        print("\n\(title)")
        print(
            pad("case", 22) + pad("unit", 16) + pad("median ns", 14, right: true)
                + "  " + pad("baseline", 22) + pad("base ns", 12, right: true) + pad("ratio", 9, right: true)
                + "  extra")
        fflush(nil)
    }

    func emit(_ figure: Figure) {
        if json {
            print(figure.jsonLine)
        } else {
            let extra = figure.extra.map { "\($0.0)=\(String(format: "%.1f", $0.1))" }.joined(separator: " ")
            print(
                pad(figure.name, 22) + pad(figure.unit, 16)
                    + pad(String(format: "%.2f", figure.medianNanoseconds), 14, right: true)
                    + "  " + pad(figure.baseline, 22)
                    + pad(String(format: "%.2f", figure.baselineMedianNanoseconds), 12, right: true)
                    + pad(String(format: "%.2fx", figure.ratio), 9, right: true) + "  " + extra)
        }
        fflush(nil)
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text + " " }
        let padding = String(repeating: " ", count: width - text.count)
        return right ? padding + text : text + padding
    }
}
