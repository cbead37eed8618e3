import Foundation
import RxChainJSON

/// Decides whether an enqueued payload is one JSON value, without building it.
///
/// The log stores the payload's bytes verbatim inside its line, and recovery reads every line
/// back with `JSONSerialization`; a payload that reader refused would cost its line on the
/// next open. So ``isOneJSONValue(_:)`` accepts exactly what `JSONSerialization` accepts
/// (with `.fragmentsAllowed`): the package's strict scanner (``JSONScanner/isOneValue(_:)``)
/// accepts valid JSON in one pass, and only what it refuses (invalid text, and the few texts
/// Foundation tolerates beyond RFC 8259) goes to `JSONSerialization` for the verdict.
enum PayloadCheck {
    /// Whether `payload` is one JSON value, possibly surrounded by whitespace.
    static func isOneJSONValue(_ payload: Data) -> Bool {
        if payload.withUnsafeBytes({ JSONScanner.isOneValue($0) }) { return true }
        return (try? JSONSerialization.jsonObject(with: payload, options: .fragmentsAllowed)) != nil
    }
}
