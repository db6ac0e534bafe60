/// A heap cell for a decoder's hot mutable state, read and written (through
/// `unsafeAddress`/`unsafeMutableAddress` accessors on its owner) without the
/// runtime's dynamic exclusivity checks.
///
/// Stored properties of a class are checked at run time on every access; for the
/// coding path, model frames, route cache and current node, which change once or
/// twice per decoded value, those checks measured ~13% of decoding small objects.
/// Their accesses are exclusive by construction: a decode runs on one thread and
/// every access is a short, strictly nested read or mutation. The owner frees the
/// cell in its `deinit`.
struct UncheckedStorage<Value: ~Copyable> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: consuming Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    func free() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
