@testable import CodableKit
import Testing

/// A session's table of values by type: each value made once, found again however
/// many types there are and wherever their metadata sits.
struct TypeTableTests {
    private struct A {}
    private struct B {}
    private enum E {}

    /// Many distinct types (the table grows from 16 slots to 256 on the way): each made
    /// exactly once, each found again with its own value, in any order.
    @Test func everyTypeIsMadeOnceAndFoundAgain() {
        let types: [Any.Type] = [Int.self, String.self, Double.self, Bool.self, A.self, B.self, E.self, [Int].self, [String].self,
                                 [Double].self, [A].self, [B].self, Int?.self, String?.self, A?.self, B?.self, [String: Int].self,
                                 [String: A].self, Set<Int>.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self,
                                 UInt8.self, UInt16.self, UInt32.self, UInt64.self, Float.self, [Float].self, [[Double]].self,
                                 [[[Double]]].self, (Int, Int).self, (A, B).self, [Int: Int].self, Set<String>.self]
        var table = TypeTable<String>()
        var made: [String] = []
        for round in 0 ..< 3 {
            for (index, type) in (round == 1 ? Array(types.enumerated().reversed()) : Array(types.enumerated())) {
                let value = table.value(for: ObjectIdentifier(type)) {
                    made.append("\(type)")
                    return "\(index):\(type)"
                }
                #expect(value == "\(index):\(type)")
            }
        }
        #expect(made.count == types.count)
        #expect(table.existing(ObjectIdentifier(A.self)) == "4:\(A.self)")
        #expect(table.existing(ObjectIdentifier(Character.self)) == nil)
    }

    /// A value added for a type that has one already leaves the first in place, and is
    /// answered with it (as `TypeCache` keeps the first of two threads' values).
    @Test func theFirstValueAddedStays() {
        var table = TypeTable<Int>()
        #expect(table.add(1, for: ObjectIdentifier(A.self)) == 1)
        #expect(table.add(2, for: ObjectIdentifier(A.self)) == 1)
        #expect(table.existing(ObjectIdentifier(A.self)) == 1)
        #expect(table.existing(ObjectIdentifier(B.self)) == nil)
    }

    /// As a session holds its tables: without the runtime's access check, so that a
    /// value's `make` may ask the table for another.
    private final class Holder {
        @exclusivity(unchecked) var table = TypeTable<Int>()
    }

    /// A value made while another is being made (a route that needs its element's route)
    /// is kept, and both are found.
    @Test func aValueMadeWhileMakingAnother() {
        let holder = Holder()
        let outer = holder.table.value(for: ObjectIdentifier([A].self)) {
            let inner = holder.table.value(for: ObjectIdentifier(A.self)) { 1 }
            return inner + 1
        }
        #expect(outer == 2)
        #expect(holder.table.value(for: ObjectIdentifier(A.self)) { 99 } == 1)
        #expect(holder.table.value(for: ObjectIdentifier([A].self)) { 99 } == 2)
    }
}
