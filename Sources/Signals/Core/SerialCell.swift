/// A mutable box for state that only a serial delivery touches.
///
/// Signals promises that one subscription's observer is never called twice at
/// once: every delivery runs inside a ``SerialDrain``, whose single owner at a time
/// takes ownership with an acquiring atomic operation and hands it on with a
/// releasing one. Everything an owner wrote is therefore visible to the next owner,
/// and no two owners run together. Operator state that lives in a `SerialCell` and
/// is read or written *only from inside deliveries of one subscription* (or while
/// that subscription is being set up, before any delivery can start) is free of
/// data races without a lock of its own.
///
/// > Important: This is the one place in Signals that opts out of the compiler's
/// > checking. Do not touch a cell from anywhere else (a timer, another
/// > subscription, the subscriber's thread): use a ``Lock`` there instead.
@usableFromInline
package final class SerialCell<Value>: @unchecked Sendable {
    // Safe because: see the type's documentation — accesses are serialised by
    // SerialDrain's ownership handoff (acquire on taking, release on leaving).
    // The value lives behind a pointer so that reads and writes on the delivery hot
    // path skip dynamic exclusivity checks; serial access is what makes that sound.
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    /// Creates a cell holding `value`.
    @inlinable
    package init(_ value: Value) {
        storage = UnsafeMutablePointer.allocate(capacity: 1)
        storage.initialize(to: value)
    }

    /// The held value; read and write it only from serial deliveries (see the type's documentation).
    @inlinable
    package var value: Value {
        get { storage.pointee }
        _modify { yield &storage.pointee }
        set { storage.pointee = newValue }
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}
