/// Bytes for a report: quoted text when they are UTF-8, else hex; at most 300 bytes of them.
package func show(_ bytes: some Collection<UInt8>) -> String {
    let prefix = Array(bytes.prefix(300))
    let more = bytes.count > 300 ? "… (\(bytes.count) bytes)" : ""
    if let text = String(validating: prefix, as: UTF8.self) { return String(reflecting: text) + more }
    return prefix.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ") + more
}
