import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Keys chosen to share hash slots must cost no more than other keys: the member tables of the native engine and
/// the writer hash whole keys with per-process secrets (`KeyHash`), so that a hostile document cannot make them
/// quadratic. Each test crafts its keys the way an attacker who read the library's source would have, against the
/// hashes the library used before (copied below), and compares their time with that of as many ordinary keys of
/// the same length: a ratio, robust to a busy machine, that was in the hundreds before.
@Suite("Keys crafted to collide in hash tables")
struct HashFloodingTests {
    // MARK: What an attacker would aim at

    /// The native member index's old hash: only the length and the first and last eight bytes of a key, so keys
    /// that differ only in between all shared one slot.
    static func fingerprintCraftedKey(_ i: Int) -> String {
        "AAAAAAAA" + padded(i, 7) + "BBBBBBBB"
    }

    /// An ordinary key of the same length as ``fingerprintCraftedKey(_:)``, differing in its first bytes.
    static func plainLongKey(_ i: Int) -> String {
        padded(i, 7) + "AAAAAAAABBBBBBBB"
    }

    /// `MemberTable`'s old hash: the whole key, with fixed constants.
    static func oldTableHash(_ bytes: [UInt8]) -> UInt64 {
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= bytes.count {
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            i += 8
        }
        var tail: UInt64 = 0
        while i < bytes.count {
            tail = tail << 8 | UInt64(bytes[i])
            i += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }

    /// The writer's old `keyHash`, over a key's escaped bytes with their quotes.
    static func oldWriterHash(_ bytes: [UInt8]) -> UInt64 {
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= bytes.count {
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            i += 8
        }
        var tail: UInt64 = 0
        while i < bytes.count {
            tail = tail << 8 | UInt64(bytes[i])
            i += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }

    /// `count` keys `key000000123` whose `hash`, taken modulo `slots`, falls in the first 1,024 slots: one long
    /// cluster in a table of `slots`, or of any smaller power of two, under linear probing.
    static func bruteForced(_ count: Int, slots: Int, hash: ([UInt8]) -> UInt64) -> [String] {
        var keys: [String] = []
        var candidate = 0
        while keys.count < count {
            let key = "key" + padded(candidate, 9)
            if hash(Array(key.utf8)) & UInt64(slots - 1) < 1024 { keys.append(key) }
            candidate += 1
        }
        return keys
    }

    /// The same number of ordinary keys of the same length as ``bruteForced(_:slots:hash:)``'s.
    static func plainShortKeys(_ count: Int) -> [String] {
        (0..<count).map { "key" + padded($0, 9) }
    }

    static func padded(_ i: Int, _ width: Int) -> String {
        let digits = String(i)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func object(_ keys: [String]) -> String {
        "{" + keys.enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",") + "}"
    }

    /// The best of three runs of `body`, in seconds.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// `crafted` against `plain`: the time of the first over that of the second, with both in the message.
    static func expectComparable(
        crafted: Double, plain: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            crafted / max(plain, 1e-4) < 10, "\(what): crafted keys \(crafted) s, ordinary keys \(plain) s",
            sourceLocation: sourceLocation)
    }

    // MARK: The native engine

    @Test("a context's first getter on an object of keys that share their first and last bytes")
    func sharedEnds() {
        let count = 10_000
        func time(_ keys: [String]) -> Double {
            let data = Data(Self.object(keys).utf8)
            return Self.seconds {
                let c = JSONMapper.context(data)
                #expect(c.getInt("missing") == nil)
                #expect(c.getInt(keys[count / 2]) == count / 2)
                #expect(c.getInt(keys[count - 1]) == count - 1)
                #expect(c.errors.isEmpty)
            }
        }
        let crafted = time((0..<count).map(Self.fingerprintCraftedKey))
        let plain = time((0..<count).map(Self.plainLongKey))
        Self.expectComparable(crafted: crafted, plain: plain, "\(count) distinct keys")
    }

    @Test("an object that repeats a key after keys that share their first and last bytes")
    func sharedEndsThenRepeat() {
        let count = 10_000
        func time(_ keys: [String]) -> Double {
            // The repeated key comes last: every key before it is indexed first.
            let text = Self.object(keys).dropLast() + #","\#(keys[0])":-1}"#
            let data = Data(text.utf8)
            return Self.seconds {
                let c = JSONMapper.context(data)
                #expect(c.getInt(keys[0]) == -1)
                #expect(c.getInt(keys[1]) == 1)
            }
        }
        let crafted = time((0..<count).map(Self.fingerprintCraftedKey))
        let plain = time((0..<count).map(Self.plainLongKey))
        Self.expectComparable(crafted: crafted, plain: plain, "\(count) keys and a repeat")
    }

    /// The three ways to a `MemberTable`: a path step past the first, an object that repeats a key, and a context
    /// read from a thread other than the one that made it.
    @Test("member tables: path steps, repeated keys and other threads", arguments: ["path", "repeat", "thread"])
    func memberTables(way: String) {
        let count = 8_000
        // A table of 8,000 members has 16,384 slots.
        let craftedKeys = Self.bruteForced(count, slots: 16_384, hash: Self.oldTableHash)
        func time(_ keys: [String]) -> Double {
            switch way {
            case "path":
                let data = Data(#"{"o":\#(Self.object(keys))}"#.utf8)
                return Self.seconds {
                    let c = JSONMapper.context(data)
                    #expect(c.getInt(at: ["o", "missing"]) == nil)
                    #expect(c.getInt(at: ["o", .key(keys[7])]) == 7)
                }
            case "repeat":
                // Repeated at once, so that the table is built with every key in it.
                let text = #"{"\#(keys[0])":-1,"# + Self.object(keys).dropFirst()
                let data = Data(text.utf8)
                return Self.seconds {
                    let c = JSONMapper.context(data)
                    #expect(c.getInt("missing") == nil)
                    #expect(c.getInt(keys[0]) == 0)
                }
            default:
                let data = Data(Self.object(keys).utf8)
                return Self.seconds {
                    let c = JSONMapper.context(data)
                    let found = onAnotherThread { [c.getInt("missing"), c.getInt(keys[9])] }
                    #expect(found == [nil, 9])
                }
            }
        }
        let crafted = time(craftedKeys)
        let plain = time(Self.plainShortKeys(count))
        Self.expectComparable(crafted: crafted, plain: plain, "\(way), \(count) keys")
    }

    // MARK: The writer

    /// The writer compares whole hashes before keys, so walking a cluster costs little per step and its time in a
    /// debug build hides behind the cost of writing: the test measures the cluster itself, the longest run of
    /// occupied slots in the open object's table, which the old hash made as long as the object.
    @Test("a model that writes keys taken from its input")
    func writerIndex() throws {
        let count = 16_000
        // The writer's table doubles until it is at most half full: 32,768 slots for 16,000 members.
        let craftedKeys = Self.bruteForced(count, slots: 32_768) { Self.oldWriterHash([0x22] + $0 + [0x22]) }
        func longestRun(_ keys: [String]) throws -> Int {
            nonisolated(unsafe) var longest = 0
            let model = Writes { c in
                for (i, key) in keys.enumerated() { c.set(key, i) }
                c.set(keys[3], -3)
                guard let table = c.writer.memberIndexes.last else { return }
                var run = 0
                for slot in 0...table.mask {
                    run = table.slots[slot].recordPlusOne == 0 ? 0 : run + 1
                    longest = max(longest, run)
                }
            }
            let value = try JSONValue(parsing: try JSONMapper.data(from: model))
            #expect(value.objectValue?.count == count)
            #expect(value[keys[3]] == -3)
            return longest
        }
        let crafted = try longestRun(craftedKeys)
        let plain = try longestRun(Self.plainShortKeys(count))
        // Keys placed at random fill half the slots in runs of a few dozen at most.
        #expect(plain > 0 && plain < 500, "ordinary keys: longest run \(plain)")
        #expect(crafted < 500, "crafted keys: longest run \(crafted) of \(count)")
    }
}
