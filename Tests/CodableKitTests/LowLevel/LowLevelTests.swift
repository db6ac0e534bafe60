import Foundation
import Testing
@testable import CodableKit

/// The helpers in `LowLevel/`, at the edges their safety arguments name.
@Suite struct LowLevelTests {
    static func hash(_ key: String) -> UInt64 { KeyHash.of(key) }

    /// Every length from 0 to 40, read in place and from a copy, hashes alike; keys that
    /// differ in one byte anywhere (the middle of a long key too) hash apart.
    @Test func keyHashReadsEveryByte() {
        for length in 0 ... 40 {
            let base = String(repeating: "k", count: length)
            let bytes = Array(base.utf8)
            #expect(bytes.withUnsafeBufferPointer(KeyHash.of) == Self.hash(base))
            var hashes: Set<UInt64> = [Self.hash(base)]
            for position in 0 ..< length {
                var changed = bytes
                changed[position] = UInt8(ascii: "x")
                hashes.insert(Self.hash(String(decoding: changed, as: UTF8.self)))
            }
            #expect(hashes.count == length + 1, "length \(length)")
        }
    }

    @Test func keyFilterNeverForgetsAKey() {
        var filter = KeyFilter()
        var inserted: [UInt64] = []
        for index in 0 ..< 300 {
            let hash = Self.hash("key\(index)")
            let seen = filter.insert(hash)
            #expect(seen == inserted.contains { $0 &>> 56 == hash &>> 56 })
            inserted.append(hash)
            #expect(inserted.allSatisfy(filter.contains))
        }
    }

    /// Many keys, keys that share a prefix or a suffix, a repeated key (the first stays),
    /// keys never inserted.
    @Test func hashSlotsFindWhatWasInserted() {
        let keys = (0 ..< 1000).map { "item_\($0)_name" } + (0 ..< 100).map { "x\($0)" } + ["item_5_name"]
        let strings = StringKeys(strings: keys)
        var slots = HashSlots(capacity: 8)  // grows as keys go in
        var added: [Int] = []
        for position in keys.indices where strings.withKey(at: position, { slots.insert(position, key: $0, in: strings) }) == nil {
            added.append(position)
        }
        #expect(added.count == keys.count - 1)
        func find(_ key: String) -> Int? { withUTF8(of: key) { slots.find($0, in: strings) } }
        for (position, key) in keys.enumerated().dropLast() {
            #expect(find(key) == position)
        }
        #expect(find("item_5_name") == 5)
        #expect(find("absent") == nil)
        #expect(find("") == nil)
        #expect(!slots.isSeeded)
        let index = KeyIndex(Array(keys.dropLast()))
        #expect(index.index(of: "item_999_name") == 999)
        #expect(index.index(of: "item_1000_name") == nil)
    }

    /// Four threads set the slot at once; each reads back its own value.
    @Test func threadLocalIsPerThread() {
        final class Reads: @unchecked Sendable {  // guarded by `lock`
            let lock = NSLock()
            var values: [Int: UInt] = [:]
        }
        let local = ThreadLocal()
        let reads = Reads()
        let done = DispatchGroup()
        for thread in 1 ... 4 {
            done.enter()
            Thread {
                local.value = UnsafeMutableRawPointer(bitPattern: thread * 0x1000)
                usleep(20_000)  // the others set theirs meanwhile
                let value = local.value.map { UInt(bitPattern: $0) } ?? 0
                reads.lock.withLock { reads.values[thread] = value }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(reads.values == [1: 0x1000, 2: 0x2000, 3: 0x3000, 4: 0x4000])
    }

    /// A `ValueLog` keeps values of any layout across its growth, and frees each once: the
    /// objects it holds are released when it goes, not before.
    @Test func valueLogKeepsValuesAcrossGrowthAndFreesThemOnce() {
        final class Tracked { static let alive = Locked(0); init() { Self.alive.withLock { $0 += 1 } }; deinit { Self.alive.withLock { $0 -= 1 } } }
        struct Mixed { var number: Int8; var text: String; var object: Tracked }
        do {
            let log = ValueLog(of: Mixed.self)
            for index in 0 ..< 1000 { log.append(Mixed(number: Int8(truncatingIfNeeded: index), text: "text \(index)", object: Tracked())) }
            #expect(log.count == 1000)
            #expect(Tracked.alive.withLock { $0 } == 1000)
            for index in [0, 15, 16, 17, 511, 999] {
                let value = log.value(at: index, as: Mixed.self)
                #expect(value.number == Int8(truncatingIfNeeded: index) && value.text == "text \(index)")
            }
            let empty = ValueLog(of: Void.self)  // size 0, stride 1
            for _ in 0 ..< 40 { empty.append(()) }
            #expect(empty.count == 40)
        }
        #expect(Tracked.alive.withLock { $0 } == 0)
    }
}
