#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if os(Linux)
import Synchronization
#endif

/// App-wide state that every decode call reads and that is usually empty
/// (registered transformers, log observers): reading it while it is empty
/// takes no lock on Linux, where the standard `Atomic` is available on every
/// version; elsewhere (its Apple availability starts with macOS 15 / iOS 18) it
/// is one uncontended lock per decode call — never per value.
package final class LockedRegistry<Value>: @unchecked Sendable {  // `isEmpty` is only called under the lock
    private let storage: Locked<Value>
    private let isEmpty: (Value) -> Bool
    #if os(Linux)
    private let hasContent = Atomic<Bool>(false)
    #endif

    package init(_ value: Value, isEmpty: @escaping (Value) -> Bool) {
        storage = Locked(value)
        self.isEmpty = isEmpty
        #if os(Linux)
        hasContent.store(!isEmpty(value), ordering: .releasing)
        #endif
    }

    /// The current value, or `empty` without locking when the registry is known empty.
    package func read(orIfEmpty empty: @autoclosure () -> Value) -> Value {
        #if os(Linux)
        if !hasContent.load(ordering: .acquiring) { return empty() }
        #endif
        return storage.withLock { $0 }
    }

    package func update(_ body: (inout Value) -> Void) {
        storage.withLock { value in
            body(&value)
            #if os(Linux)
            hasContent.store(!isEmpty(value), ordering: .releasing)
            #endif
        }
    }
}
