import Foundation

/// How a context finds the members of one native object, fast for the way models read: each key once, mostly in
/// the order the object has them.
///
/// The first lookup puts the object's keys in a small hash table, which also tells whether they are distinct and
/// plain (no escapes); an object that repeats the keys of an earlier one reuses its table (see `MemberSlots`). When
/// they are, which is almost always, the last-wins rule is the same as "the only match", and a lookup first compares
/// the key after the one last found (one comparison per field for a model that reads in document order), then asks
/// the table. The tables' memory belongs to the context and is reused when the context is reused for the next
/// element of an array, so that mapping an array of models allocates nothing per element for it.
/// Objects with repeated or escaped keys keep the last-wins rule, answered by `ObjectLookup.generalMember`.
///
/// Neither half alone is enough: a table per object costs its building and allocation on every object, and a cursor
/// without a table scans the whole object for each of the few fields a model reads out of order.
struct MemberLookup {
    enum Keys: UInt8 {
        /// Not examined yet.
        case unknown
        /// Distinct and plain: the first match is the only one, and a table indexes them.
        case distinct
        /// Distinct and plain, and at most ``MemberLookup/smallObject`` of them: scanned from the cursor, no table.
        case distinctFew
        /// Repeated or escaped (or too long for the tape's length field): scan for the last match.
        case general
    }

    var keys = Keys.unknown
    /// The tape index of the key to compare first: the one after the last member found.
    var cursor = 0
    /// The slots in use less one, for the distinct case.
    var mask = 0
    /// The distinct case's table (of the object's shape, see `MemberSlots`): each slot holds the tape index of a
    /// key plus one.
    var table: UnsafeMutablePointer<UInt32>?
    /// The process's keyed hash, kept here so that a lookup does not ask for it each time.
    let keyHash = KeyHash.process

    /// Objects with at most this many members are scanned rather than hashed: for small objects (citm_catalog.json
    /// has many of two members), building a table costs more than it saves.
    static let smallObject = 8

    /// Objects in the general case with at least this many members get a `MemberTable` (see `ObjectLookup`).
    static let tableThreshold = 16

    /// Forgets the object.
    mutating func reset() {
        keys = .unknown
    }
}

/// The hash tables of the objects a lookup read, kept for the objects it reads next, by shape: objects with the same
/// keys in the same order (the elements of an array of models, mostly) share a table. The next object of a table's
/// member count is compared key by key with the keys the table holds (the last object of that count), and its keys
/// take the same slots, instead of being hashed again: on twitter.json, 22 % fewer instructions to prepare the
/// lookups. At most one table is kept per member count, four in all, because the context that maps a model's nested
/// models (its spare) takes turns between kinds: twitter.json's users and retweeted statuses. Objects of more than
/// ``largeObject`` members all share the first table, so that large objects of different counts keep one large
/// table, as before shapes, not four.
///
/// Held with its `MemberLookup` by one context (`ObjectLookup`) or one depth of a decode (`DecodingLookups`), for
/// one document, whose tape indexes the tables hold; freed by its holder.
struct MemberSlots {
    /// One shape: the keys of the object last read with it, and the table that finds them.
    struct Shape {
        /// The member count of the objects of this shape; 0 when it holds none.
        var members = 0
        /// The table's slots, each holding the tape index of a key plus one (0 is empty), followed by the slot of
        /// each member's key, in the order of the members (at least half as many words).
        var memory: UnsafeMutablePointer<UInt32>?
        /// The table's slot count that `memory` has room for.
        var capacity = 0
        /// When `shape(forMembers:slotCount:)` last chose the shape, by `MemberSlots.clock`: of the shapes in use,
        /// the least recent is replaced first.
        var lastUse = 0

        /// The slot of each member's key, in the order of the members.
        var slotOf: UnsafeMutablePointer<UInt32>? { memory.map { $0 + capacity } }
    }

    /// How many shapes a lookup keeps.
    static let shapeCount = 4

    /// Objects of more members than this all take the first shape: their tables have more than 4,096 slots (up to
    /// this, a shape takes at most 24 KB with its array of the members' slots).
    static let largeObject = 2048

    private var shapes: UnsafeMutablePointer<Shape>?
    private var clock = 0

    /// The shape that objects of `members` members take: the one kept for that count; else an empty one; else the
    /// least recently chosen, emptied (`members` 0); for more than ``largeObject`` members, the first. It has room
    /// for `slotCount` slots and the members' slots; `nil` when memory ran out.
    mutating func shape(forMembers members: Int, slotCount: Int) -> UnsafeMutablePointer<Shape>? {
        if shapes == nil {
            shapes = RawMemory.allocate(Shape.self, count: Self.shapeCount)
            shapes?.initialize(repeating: Shape(), count: Self.shapeCount)
        }
        guard let shapes else { return nil }
        clock += 1
        var chosen = shapes
        if members <= Self.largeObject {
            var empty: UnsafeMutablePointer<Shape>?
            var match: UnsafeMutablePointer<Shape>?
            for i in 0..<Self.shapeCount {
                let shape = shapes + i
                if shape.pointee.members == members {
                    match = shape
                    break
                }
                if shape.pointee.members == 0 && empty == nil { empty = shape }
                if shape.pointee.lastUse < chosen.pointee.lastUse { chosen = shape }
            }
            chosen = match ?? empty ?? chosen
        }
        chosen.pointee.lastUse = clock
        if chosen.pointee.members == members { return chosen }
        chosen.pointee.members = 0
        if slotCount > chosen.pointee.capacity {
            if let memory = chosen.pointee.memory { RawMemory.free(memory) }
            // `slotOf` takes at most half as many words as the slots (see `TapeView.slotCount(forMembers:)`).
            chosen.pointee.memory = RawMemory.allocate(UInt32.self, count: slotCount + slotCount / 2)
            chosen.pointee.capacity = chosen.pointee.memory == nil ? 0 : slotCount
        }
        return chosen.pointee.memory == nil ? nil : chosen
    }

    func free() {
        guard let shapes else { return }
        for i in 0..<Self.shapeCount {
            if let memory = shapes[i].memory { RawMemory.free(memory) }
        }
        RawMemory.free(shapes)
    }
}

extension TapeView {
    /// The tape index of the value of member `wanted` of the object at `object`, updating `lookup` and `slots`.
    @inline(__always)
    func member(
        of object: Int, key wanted: UnsafeBufferPointer<UInt8>, lookup: inout MemberLookup, slots: inout MemberSlots
    ) -> Int? {
        if lookup.keys == .distinct, let table = lookup.table {
            let end = entry(object).low
            let cursor = lookup.cursor
            if cursor < end && plainKey(cursor, equals: wanted) {
                lookup.cursor = next(after: cursor + 1)
                return cursor + 1
            }
            let mask = lookup.mask
            var slot = Int(truncatingIfNeeded: lookup.keyHash.hash(wanted)) & mask
            while table[slot] != 0 {
                let key = Int(table[slot]) - 1
                if plainKey(key, equals: wanted) {
                    lookup.cursor = next(after: key + 1)
                    return key + 1
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
        if lookup.keys == .distinctFew {
            return scannedMember(of: object, key: wanted, cursor: &lookup.cursor)
        }
        return generalMember(of: object, key: wanted, lookup: &lookup, slots: &slots)
    }

    /// The only member named `wanted`, compared from `cursor` to the end and then from the start.
    @inline(__always)
    private func scannedMember(of object: Int, key wanted: UnsafeBufferPointer<UInt8>, cursor: inout Int) -> Int? {
        let end = entry(object).low
        let start = cursor
        var i = start
        while i < end {
            if plainKey(i, equals: wanted) {
                cursor = next(after: i + 1)
                return i + 1
            }
            i = next(after: i + 1)
        }
        i = object + 1
        while i < start {
            if plainKey(i, equals: wanted) {
                cursor = next(after: i + 1)
                return i + 1
            }
            i = next(after: i + 1)
        }
        return nil
    }

    /// The first lookup in an object: examines its keys, then answers, or gives `nil` with `lookup.keys` set to
    /// `.general` when the object repeats or escapes keys (its caller then finds the last match).
    private func generalMember(
        of object: Int, key wanted: UnsafeBufferPointer<UInt8>, lookup: inout MemberLookup, slots: inout MemberSlots
    ) -> Int? {
        guard lookup.keys == .unknown else { return nil }
        prepareLookup(of: object, lookup: &lookup, slots: &slots)
        switch lookup.keys {
        case .distinctFew: return scannedMember(of: object, key: wanted, cursor: &lookup.cursor)
        case .distinct: return member(of: object, key: wanted, lookup: &lookup, slots: &slots)
        case .unknown, .general: return nil
        }
    }

    /// Examines the keys of the object at `object` for the lookups to come, unless `lookup` has done so: sets
    /// `lookup.keys`, and for many distinct plain keys points it at their shape's table in `slots`.
    func prepareLookup(of object: Int, lookup: inout MemberLookup, slots: inout MemberSlots) {
        guard lookup.keys == .unknown else { return }
        lookup.cursor = object + 1
        let members = count(of: object)
        if members <= MemberLookup.smallObject, hasFewDistinctPlainKeys(object, members: members) {
            lookup.keys = .distinctFew
            return
        }
        let slotCount = Self.slotCount(forMembers: members)
        guard let shape = slots.shape(forMembers: members, slotCount: slotCount),
            let table = shape.pointee.memory, let slotOf = shape.pointee.slotOf
        else {
            lookup.keys = .general
            return
        }
        check(
            slotCount <= shape.pointee.capacity && members <= shape.pointee.capacity / 2,
            "\(members) members in a shape of \(shape.pointee.capacity) slots")
        if shape.pointee.members != members || !repeatsShape(of: object, table: table, slotOf: slotOf) {
            shape.pointee.members = 0
            guard
                indexDistinctPlainKeys(
                    of: object, table: table, slotCount: slotCount, slotOf: slotOf,
                    keyHash: lookup.keyHash)
            else {
                lookup.keys = .general
                return
            }
            shape.pointee.members = members
        }
        // The same member count, so the same slot count, whether the table was built now or for an earlier object.
        lookup.mask = slotCount - 1
        lookup.table = table
        lookup.keys = .distinct
    }

    /// Whether the keys of the object at `object` are those of `table` (an earlier object's, of the same member
    /// count, distinct and plain), plain and in the same order, compared byte for byte; puts this object's keys in
    /// their slots as it goes (`slotOf` has the slot of each). A key that differs stops it, leaving the table with
    /// keys of the same bytes as before (this object's up to there, the earlier one's after).
    private func repeatsShape(
        of object: Int, table: UnsafeMutablePointer<UInt32>, slotOf: UnsafeMutablePointer<UInt32>
    ) -> Bool {
        let end = entry(object).low
        var i = object + 1
        var place = 0
        while i < end {
            let key = entry(i)
            let slot = Int(slotOf[place])
            // A shape with members has each of their slots filled (`indexDistinctPlainKeys` ran to the end).
            check(table[slot] != 0, "slot \(slot) of member \(place) is empty")
            let earlier = entry(Int(table[slot]) - 1)
            // The same tag and length (the earlier key is a plain string), in one comparison of the top 32 bits.
            guard key.bits >> 32 == earlier.bits >> 32,
                Self.paddedKeysEqual(keyBytes(key), keyBytes(earlier), count: key.middle)
            else { return false }
            table[slot] = UInt32(truncatingIfNeeded: i + 1)
            place += 1
            i = next(after: i + 1)
        }
        return true
    }

    /// Whether two keys of `count` bytes in a ``NativeDocument`` are the same, a word at a time, the last word masked
    /// to the keys' bytes. Both must be keys of a native document: a word starts within a key, so it ends at most
    /// seven bytes after the key's last byte. The key's closing quote, colon, value and the object's closing brace
    /// follow it, at least four bytes, and after the document's last byte come the eight bytes of its padding (for
    /// a key before the split of a document read in place, the rest of the document: ``DocumentBytes``).
    @inline(__always)
    static func paddedKeysEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while true {
            let left = count &- offset
            if left <= 0 { return true }
            let difference = Digits.load(a + offset) ^ Digits.load(b + offset)
            if left <= 8 { return difference & (UInt64.max >> (8 &* UInt64(truncatingIfNeeded: 8 &- left))) == 0 }
            if difference != 0 { return false }
            offset &+= 8
        }
    }

    /// The last member named `wanted`, by a scan of every member: the rule for objects that repeat keys.
    func lastMember(of object: Int, key wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = entry(object).low
        var found: Int?
        var i = object + 1
        while i < end {
            if keyEquals(i, wanted) { found = i + 1 }
            i = next(after: i + 1)
        }
        return found
    }

    /// The slots for an object of `members` members: a power of two, at least twice as many, at least 16.
    @inline(__always)
    static func slotCount(forMembers members: Int) -> Int {
        var count = 16
        while count < 2 * members { count *= 2 }
        return count
    }

    /// Puts the keys of the object at `object` into the first `count` slots of `table`, writing the slot of each
    /// to `slotOf` in the order of the members, and tells whether they are all plain (no escapes, shorter than the
    /// tape's length field) and all different. Only keys whose hashes land on the same slot are compared byte for
    /// byte. The hash covers the whole key and is keyed per process (see ``KeyHash``), so that no document can
    /// choose keys that all land on one slot and make this quadratic.
    func indexDistinctPlainKeys(
        of object: Int, table: UnsafeMutablePointer<UInt32>, slotCount count: Int,
        slotOf: UnsafeMutablePointer<UInt32>, keyHash: KeyHash
    ) -> Bool {
        check(count.nonzeroBitCount == 1, "\(count) slots")
        table.update(repeating: 0, count: count)
        let end = entry(object).low
        let mask = count - 1
        var i = object + 1
        var place = 0
        while i < end {
            let key = entry(i)
            guard key.tag == .string, key.middle < Int(TapeEntry.saturated) else { return false }
            let bytes = UnsafeBufferPointer(start: keyBytes(key), count: key.middle)
            var slot = Int(truncatingIfNeeded: Self.paddedHash(of: bytes, keyHash)) & mask
            while table[slot] != 0 {
                if plainKey(Int(table[slot]) - 1, equals: bytes) { return false }
                slot = (slot + 1) & mask
            }
            table[slot] = UInt32(truncatingIfNeeded: i + 1)
            slotOf[place] = UInt32(truncatingIfNeeded: slot)
            place += 1
            i = next(after: i + 1)
        }
        return true
    }

    /// Whether the few keys of the object at `object`, which has `members` members, are all plain and all different,
    /// compared pairwise.
    private func hasFewDistinctPlainKeys(_ object: Int, members: Int) -> Bool {
        let end = entry(object).low
        if members == 2 {
            // The commonest small object (citm_catalog.json's areas and seat categories, thousands per document):
            // one comparison, without the general loop's second walk over the members.
            let first = entry(object + 1)
            let second = entry(next(after: object + 2))
            guard first.tag == .string, second.tag == .string, first.middle < Int(TapeEntry.saturated),
                second.middle < Int(TapeEntry.saturated)
            else { return false }
            return first.middle != second.middle
                || !Self.bytesEqual(keyBytes(first), keyBytes(second), count: first.middle)
        }
        var i = object + 1
        while i < end {
            let key = entry(i)
            guard key.tag == .string, key.middle < Int(TapeEntry.saturated) else { return false }
            let bytes = UnsafeBufferPointer(start: keyBytes(key), count: key.middle)
            var j = next(after: i + 1)
            while j < end {
                if entry(j).middle == key.middle && plainKey(j, equals: bytes) { return false }
                j = next(after: j + 1)
            }
            i = next(after: i + 1)
        }
        return true
    }

    /// Whether the plain key at tape index `index` is `wanted` (only for keys known to be plain).
    @inline(__always)
    private func plainKey(_ index: Int, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = entry(index)
        guard key.middle == wanted.count else { return false }
        guard let base = wanted.baseAddress else { return true }
        return Self.bytesEqual(keyBytes(key), base, count: wanted.count)
    }

    /// Whether the `count` bytes at `a` and at `b` are the same. Up to 16 bytes, the usual key, are compared as two
    /// overlapping words from each side (the first and the last 8, 4 or 2 bytes), which read nothing outside either
    /// range, instead of a call to `memcmp`, whose call and dispatch cost more than the comparison of a short key.
    @inline(__always)
    static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let a = UnsafeRawPointer(a)
        let b = UnsafeRawPointer(b)
        func same<T: FixedWidthInteger>(_: T.Type) -> Bool {
            let tail = count - MemoryLayout<T>.size
            return a.loadUnaligned(as: T.self) == b.loadUnaligned(as: T.self)
                && a.loadUnaligned(fromByteOffset: tail, as: T.self)
                    == b.loadUnaligned(fromByteOffset: tail, as: T.self)
        }
        switch count {
        case 8...16: return same(UInt64.self)
        case 4..<8: return same(UInt32.self)
        case 2..<4: return same(UInt16.self)
        case 1: return a.load(as: UInt8.self) == b.load(as: UInt8.self)
        case 0: return true
        default: return memcmp(a, b, count) == 0
        }
    }

    /// ``KeyHash/hash(_:)`` of a key in the document: a key shorter than eight bytes is read as one word and masked,
    /// instead of a byte at a time. The word ends at most seven bytes after the key's closing quote, which is before
    /// the document's end, so within the padding (only a ``NativeDocument``'s padded bytes have a tape), or, for a
    /// key before the split of a document read in place, within the margin left after it (``DocumentBytes``).
    @inline(__always)
    static func paddedHash(of key: UnsafeBufferPointer<UInt8>, _ keyHash: KeyHash) -> UInt64 {
        guard let p = key.baseAddress, key.count < 8 else { return keyHash.hash(key) }
        return keyHash.hash(paddedShort: p, count: key.count)
    }
}
