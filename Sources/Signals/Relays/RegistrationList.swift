/// The observers attached to a relay, in attach order, in a buffer the relay manages by hand.
///
/// A relay delivers each value by looping over its observers. Held in an `Array`, the
/// list would be retained before and released after every loop, two atomic operations
/// per value, because the compiler cannot prove the observers called in the loop leave
/// the array alone. The relay's ``SerialDrain`` does prove it: attaches and detaches are
/// events of their own, processed after the current one, so the list never changes
/// while a delivery loop reads it. `forEach` therefore borrows the registrations
/// without any reference counting.
///
/// A value of this type owns its buffer: every attach or detach (rare) replaces it with a
/// new one, freeing the old, and the relay calls `free()` when it goes away. Copies of the
/// struct must not outlive the buffer they were copied with.
@usableFromInline
struct RegistrationList<Registration: AnyObject> {
    @usableFromInline var buffer: UnsafeMutableBufferPointer<Registration>

    @inlinable init() {
        buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    @inlinable var count: Int { buffer.count }

    /// Calls `body` with each registration, in order, borrowed (not retained).
    @inlinable
    func forEach(_ body: (Registration) -> Void) {
        for index in buffer.indices {
            Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body)
        }
    }

    /// Adds `registration` at the end.
    @inlinable
    mutating func append(_ registration: Registration) {
        let grown = UnsafeMutableBufferPointer<Registration>.allocate(capacity: buffer.count + 1)
        _ = grown.moveInitialize(fromContentsOf: buffer)
        grown.initializeElement(at: buffer.count, to: registration)
        buffer.deallocate()
        buffer = grown
    }

    /// Removes every registration `shouldRemove` picks, keeping the order of the rest.
    @inlinable
    mutating func removeAll(where shouldRemove: (Registration) -> Bool) {
        let kept = buffer.filter { !shouldRemove($0) }
        free()
        buffer = .allocate(capacity: kept.count)
        _ = buffer.initialize(fromContentsOf: kept)
    }

    /// Empties the list and returns what it held.
    @inlinable
    mutating func removeAll() -> [Registration] {
        let all = Array(buffer)
        free()
        buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
        return all
    }

    /// Releases the registrations and the buffer; the list must not be used afterwards.
    @inlinable
    func free() {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
