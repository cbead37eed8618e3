extension RequestEncoder {
    /// The bytes written so far and the stack of values still open, shared by the encoders
    /// and containers of one ``RequestEncoder/encode(_:)`` call.
    ///
    /// Each value being encoded is a node on the stack, and its text grows at the end of
    /// ``bytes``, from the node's `start`. An array's text is final as it is written; an
    /// object's members are written in the order they come, each as `"key":value`, and
    /// sorted into `{…}` in place when the object closes. A node closes when the
    /// `encode(to:)` that opened it returns, or as soon as a container further out is
    /// written to (the encoding has moved on past it); writing to a closed container, or
    /// anything else ``RequestEncoder`` does not mirror, declines the whole value.
    final class Storage {
        /// Nodes nested deeper than this decline (`JSONEncoder` refuses nesting past 512).
        static let maximumDepth = 256

        /// The id of no node: an encoder or container holding it declines on every use.
        static let deadID = -1

        /// Where a nested container that could not be opened points: nowhere.
        static let deadNode = (position: 0, id: deadID)

        private enum Kind {
            /// No container yet (closing it now would mean the value encoded nothing).
            case pending
            case single
            case keyed
            case unkeyed
        }

        /// An open node, or a member of the keyed node below it on the stack.
        ///
        /// The stack holds each open node followed by its members so far, then the node open
        /// inside it (the value of its last member or element), and so on out to the
        /// innermost node; so when a keyed node is innermost, the frames above it are its members.
        private struct Frame {
            /// A node's id (from 1), or 0 for a member.
            let id: Int
            /// Where the node's or the member's text begins in `bytes`.
            let start: Int
            var kind = Kind.pending
            /// Elements or members written, for an unkeyed or keyed node.
            var count = 0
            /// The position of the node this one is open inside (-1 for the outermost).
            var parent = -1
            /// Whether a member's key has a non-ASCII byte (then distinct bytes may be equal strings).
            var hasNonASCIIKey = false
            /// A member's key.
            var key = ""
            /// Where a member's text ends (set when its object is sorted).
            var end = 0
        }

        // Dynamic exclusivity checks on these properties cost more than the rest of a small
        // encoding. Unchecked is sound: every access is a short one inside this class, none
        // calls out while it lasts (user code runs only from `encodeValue`, between accesses),
        // and a Storage is not Sendable, so one thread uses it at a time.

        /// The text written so far; the whole JSON text once the outermost node has closed.
        @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
        @exclusivity(unchecked) private var frames: [Frame] = []
        /// The position of the innermost open node (-1 when none is open).
        @exclusivity(unchecked) private var innermost = -1
        @exclusivity(unchecked) private var depth = 0
        @exclusivity(unchecked) private var lastID = 0
        @exclusivity(unchecked) private var declined = false

        init() {
            bytes.reserveCapacity(128)
            frames.reserveCapacity(8)
        }

        // MARK: Values

        /// Encodes `value` as the next node (the top-level value, an element, a member's value
        /// or a single value), once its slot is written, and closes it.
        func encodeValue<Value: Encodable>(_ value: Value) throws(Failure) {
            guard !RequestEncoder.isSpecialCased(Value.self) else { throw decline() }
            let node = push(.pending)
            do {
                try value.encode(to: NodeEncoder(storage: self, position: node.position, id: node.id))
            } catch {
                throw decline()
            }
            guard activate(node.position, node.id) else { throw decline() }
            closeInnermost()
            if declined { throw .unsupported }
        }

        /// Makes node `id` at `position` the innermost open one by closing the nodes inside it;
        /// `false`, declining, if that node has closed already or the value was declined.
        func activate(_ position: Int, _ id: Int) -> Bool {
            guard isOpen(position, id) else {
                declined = true
                return false
            }
            while innermost > position { closeInnermost() }
            return !declined
        }

        /// Ids are never reused, and a node's frame leaves the stack when it closes.
        private func isOpen(_ position: Int, _ id: Int) -> Bool {
            !declined && position >= 0 && position < frames.count && frames[position].id == id
        }

        /// Marks the value as declined (for a non-throwing requirement) and returns the error to throw.
        @discardableResult
        func decline() -> Failure {
            declined = true
            return .unsupported
        }

        // MARK: Slots

        /// Starts the single value of node `id`; throws if it has one already or holds a container.
        func beginSingle(_ position: Int, _ id: Int) throws(Failure) {
            guard activate(position, id), frames[position].kind == .pending else { throw decline() }
            frames[position].kind = .single
        }

        /// Writes `"key":` (after a comma unless it is the first) as the next member of keyed
        /// node `id`; `false` (declined) if it is closed.
        func beginMember(_ key: String, _ position: Int, _ id: Int) -> Bool {
            guard activate(position, id) else { return false }
            if frames[position].count > 0 { bytes.append(UInt8(ascii: ",")) }
            frames[position].count += 1
            frames.append(Frame(id: 0, start: bytes.count, key: key))
            if !JSONWriter.appendString(key, to: &bytes) { frames[position].hasNonASCIIKey = true }
            bytes.append(UInt8(ascii: ":"))
            return true
        }

        /// Starts the next element of unkeyed node `id`; `false` (declined) if it is closed.
        func beginElement(_ position: Int, _ id: Int) -> Bool {
            guard activate(position, id) else { return false }
            if frames[position].count > 0 { bytes.append(UInt8(ascii: ",")) }
            frames[position].count += 1
            return true
        }

        // MARK: Scalars (each fills the slot just begun)

        func appendNull() {
            bytes.append(contentsOf: "null".utf8)
        }

        func append(_ value: Bool) {
            bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        }

        func append(_ value: String) {
            JSONWriter.appendString(value, to: &bytes)
        }

        func appendInteger<Value: FixedWidthInteger>(_ value: Value) {
            JSONText.appendInteger(value, to: &bytes)
        }

        /// Appends a finite number's text; NaN and infinities decline
        /// (`JSONEncoder` throws for them).
        func appendFloatingPoint<Value: BinaryFloatingPoint & CustomStringConvertible>(
            _ value: Value
        ) throws(Failure) {
            guard JSONText.appendFloatingPoint(value, to: &bytes) else { throw decline() }
        }

        /// Gives node `id` a keyed container (again, if it has one: `JSONEncoder` merges them);
        /// `false` (declined) if it holds something else or is closed.
        func makeKeyed(_ position: Int, _ id: Int) -> Bool {
            guard activate(position, id) else { return false }
            switch frames[position].kind {
            case .pending:
                frames[position].kind = .keyed
                bytes.append(UInt8(ascii: "{"))
            case .keyed: break
            case .single, .unkeyed:
                decline()
                return false
            }
            return true
        }

        /// Gives node `id` an unkeyed container (again, if it has one); `false` (declined) otherwise.
        func makeUnkeyed(_ position: Int, _ id: Int) -> Bool {
            guard activate(position, id) else { return false }
            switch frames[position].kind {
            case .pending:
                frames[position].kind = .unkeyed
                bytes.append(UInt8(ascii: "["))
            case .unkeyed: break
            case .single, .keyed:
                decline()
                return false
            }
            return true
        }

        /// The elements written to unkeyed node `id` (0 once it has closed).
        func count(_ position: Int, _ id: Int) -> Int {
            isOpen(position, id) ? frames[position].count : 0
        }

        // MARK: Nodes

        /// Opens a node for the slot just begun: its text starts at the end of ``bytes``.
        /// Past ``maximumDepth`` it declines and returns ``deadNode``.
        private func push(_ kind: Kind) -> (position: Int, id: Int) {
            guard depth < Self.maximumDepth else {
                decline()
                return Self.deadNode
            }
            lastID += 1
            depth += 1
            frames.append(Frame(id: lastID, start: bytes.count, kind: kind, parent: innermost))
            innermost = frames.count - 1
            switch kind {
            case .keyed: bytes.append(UInt8(ascii: "{"))
            case .unkeyed: bytes.append(UInt8(ascii: "["))
            case .pending, .single: break
            }
            return (innermost, lastID)
        }

        /// Opens a keyed node for the slot just begun.
        func pushKeyed() -> (position: Int, id: Int) { push(.keyed) }

        /// Opens an unkeyed node for the slot just begun.
        func pushUnkeyed() -> (position: Int, id: Int) { push(.unkeyed) }

        private func closeInnermost() {
            let position = innermost
            innermost = frames[position].parent
            depth -= 1
            switch frames[position].kind {
            case .pending: decline()  // the value encoded nothing
            case .single: break
            case .unkeyed: bytes.append(UInt8(ascii: "]"))
            case .keyed: closeObject(at: position)
            }
            frames.removeSubrange(position...)
        }

        /// Closes the object: `}` after members already in order (as one member always is),
        /// else rewrites `{…}` with the members sorted first.
        private func closeObject(at position: Int) {
            let members = (position + 1)..<frames.count
            if frames[position].hasNonASCIIKey {
                var keys = Set<String>()
                // JSONEncoder keeps one of two equal keys: decline rather than guess which.
                for member in frames[members] where !keys.insert(member.key).inserted {
                    decline()
                    return
                }
            }
            var sorted = true
            for index in members.dropFirst() where !Self.precedes(frames[index - 1].key, frames[index].key) {
                sorted = false
                break
            }
            if !sorted { sortMembers(of: position) }
            bytes.append(UInt8(ascii: "}"))
        }

        /// Rewrites the object's `{` and members after them with the members sorted by the
        /// UTF-8 bytes of their keys, then moves that text down to where the object starts.
        private func sortMembers(of position: Int) {
            let members = (position + 1)..<frames.count
            let start = frames[position].start
            let end = bytes.count
            for index in members {
                // Up to the comma before the next member, or the object's end.
                frames[index].end = index + 1 < members.upperBound ? frames[index + 1].start - 1 : end
            }
            if members.count > 16 {
                frames[members].sort { Self.precedes($0.key, $1.key) }
            } else {
                // Insertion sort: cheaper than the general sort for the few members most objects have.
                for index in members.dropFirst() {
                    var slot = index
                    let member = frames[index]
                    while slot > members.lowerBound, Self.precedes(member.key, frames[slot - 1].key) {
                        frames[slot] = frames[slot - 1]
                        slot -= 1
                    }
                    frames[slot] = member
                }
            }
            for index in members.dropFirst() where !Self.precedes(frames[index - 1].key, frames[index].key) {
                decline()  // two equal keys
                return
            }
            bytes.append(contentsOf: repeatElement(0, count: end - start))
            bytes.withUnsafeMutableBufferPointer { buffer in
                var out = end
                buffer[out] = UInt8(ascii: "{")
                out += 1
                for index in members {
                    if index > members.lowerBound {
                        buffer[out] = UInt8(ascii: ",")
                        out += 1
                    }
                    let text = UnsafeBufferPointer(rebasing: buffer[frames[index].start..<frames[index].end])
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[out..<(out + text.count)]).update(
                        fromContentsOf: text)
                    out += text.count
                }
            }
            bytes.removeSubrange(start..<end)
        }

        /// `JSONEncoder`'s `.sortedKeys` order: the keys' UTF-8 bytes, lexicographically.
        private static func precedes(_ first: String, _ second: String) -> Bool {
            let contiguous = first.utf8.withContiguousStorageIfAvailable { first in
                second.utf8.withContiguousStorageIfAvailable { first.lexicographicallyPrecedes($0) }
            }
            if case .some(.some(let precedes)) = contiguous { return precedes }
            return first.utf8.lexicographicallyPrecedes(second.utf8)
        }
    }
}
