/// Writes one JSON object member by member, placing the commas: the server's response bodies and
/// the client's request bodies.
///
/// Keys are written as given (they are the package's own, plain ASCII); string values are escaped
/// by the package's one escaper, ``JSONWriter``.
package struct JSONObjectWriter {
    private var writer: JSONWriter
    private var isFirst = true

    package init() {
        self.init(continuing: JSONWriter())
    }

    /// An object written after what `writer` holds (a nested object writes into its parent's
    /// bytes, not into bytes of its own that are then copied).
    private init(continuing writer: consuming JSONWriter) {
        self.writer = writer
        self.writer.raw("{")
    }

    /// A string member.
    package mutating func member(_ key: StaticString, _ value: String) {
        open(key)
        writer.string(value)
    }

    /// A string member, or `null` when `value` is `nil`.
    package mutating func member(_ key: StaticString, _ value: String?) {
        open(key)
        if let value { writer.string(value) } else { writer.raw("null") }
    }

    /// An integer member.
    package mutating func member(_ key: StaticString, _ value: some BinaryInteger) {
        open(key)
        writer.integer(value)
    }

    /// A boolean member.
    package mutating func member(_ key: StaticString, _ value: Bool) {
        open(key)
        if value { writer.raw("true") } else { writer.raw("false") }
    }

    /// A member whose value is JSON text already validated (an entry's body).
    package mutating func member(_ key: StaticString, json value: [UInt8]) {
        open(key)
        writer.json(value)
    }

    /// A member holding an array of strings.
    package mutating func member(_ key: StaticString, strings values: [String]) {
        open(key)
        writer.raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(value)
        }
        writer.raw("]")
    }

    /// A member holding an array of objects, each written by `write`.
    package mutating func member<Element>(
        _ key: StaticString, objects elements: some Sequence<Element>,
        _ write: (inout JSONObjectWriter, Element) -> Void
    ) {
        open(key)
        writer.raw("[")
        var first = true
        for element in elements {
            if !first { writer.raw(",") }
            first = false
            // The bytes move into the nested writer and back: one buffer, never two references to
            // it (a second one would copy the whole response for every element).
            var object = JSONObjectWriter(continuing: Self.take(&writer))
            write(&object, element)
            object.writer.raw("}")
            writer = Self.take(&object.writer)
        }
        writer.raw("]")
    }

    /// Closes the object and returns its bytes.
    package consuming func finish() -> [UInt8] {
        writer.raw("}")
        return writer.bytes
    }

    /// `writer`'s bytes, leaving it empty.
    private static func take(_ writer: inout JSONWriter) -> JSONWriter {
        var taken = JSONWriter(capacity: 0)
        swap(&taken, &writer)
        return taken
    }

    private mutating func open(_ key: StaticString) {
        if !isFirst { writer.raw(",") }
        isFirst = false
        writer.raw("\"")
        writer.raw(key)
        writer.raw("\":")
    }
}
