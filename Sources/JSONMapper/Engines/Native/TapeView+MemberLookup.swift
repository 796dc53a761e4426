import Foundation

/// How a context finds the members of one native object, fast for the way models read: each key once, mostly in
/// the order the object has them.
///
/// The first lookup puts the object's keys in a small hash table, which also tells whether they are distinct and
/// plain (no escapes). When they are, which is almost always, the last-wins rule is the same as "the only match",
/// and a lookup first compares the key after the one last found (one comparison per field for a model that reads in
/// document order), then asks the table. The table's memory belongs to the context and is reused when the context is
/// reused for the next element of an array, so that mapping an array of models allocates nothing per element for it.
/// Objects with repeated or escaped keys keep the last-wins rule, answered by `ObjectLookup.generalMember`.
///
/// Neither half alone is enough: a table per object costs its building and allocation on every object, and a cursor
/// without a table scans the whole object for each of the few fields a model reads out of order.
struct MemberLookup {
    enum Keys: UInt8 {
        /// Not examined yet.
        case unknown
        /// Distinct and plain: the first match is the only one, and `slots` indexes them.
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

/// Open-addressing slots holding the tape index of a key plus one (0 is empty), owned by one context and reused for
/// each object it reads. Freed by the context.
struct MemberSlots {
    private(set) var base: UnsafeMutablePointer<UInt32>?
    private(set) var capacity = 0

    /// Makes room for at least `count` slots, all empty; `false` when memory ran out.
    mutating func clear(count: Int) -> Bool {
        if count > capacity {
            if let base { RawMemory.free(base) }
            base = RawMemory.allocate(UInt32.self, count: count)
            capacity = base == nil ? 0 : count
        }
        guard let base else { return false }
        base.update(repeating: 0, count: count)
        return true
    }

    func free() {
        if let base { RawMemory.free(base) }
    }
}

extension TapeView {
    /// The tape index of the value of member `wanted` of the object at `object`, updating `lookup` and `slots`.
    @inline(__always)
    func member(
        of object: Int, key wanted: UnsafeBufferPointer<UInt8>, lookup: inout MemberLookup, slots: inout MemberSlots
    ) -> Int? {
        if lookup.keys == .distinct, let base = slots.base {
            let end = entry(object).low
            let cursor = lookup.cursor
            if cursor < end && plainKey(cursor, equals: wanted) {
                lookup.cursor = next(after: cursor + 1)
                return cursor + 1
            }
            let mask = lookup.mask
            var slot = Int(truncatingIfNeeded: lookup.keyHash.hash(wanted)) & mask
            while base[slot] != 0 {
                let key = Int(base[slot]) - 1
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
    /// `lookup.keys`, and for many distinct plain keys fills `slots`.
    func prepareLookup(of object: Int, lookup: inout MemberLookup, slots: inout MemberSlots) {
        guard lookup.keys == .unknown else { return }
        lookup.cursor = object + 1
        let members = count(of: object)
        if members <= MemberLookup.smallObject, hasFewDistinctPlainKeys(object, members: members) {
            lookup.keys = .distinctFew
            return
        }
        let slotCount = Self.slotCount(forMembers: members)
        lookup.mask = slotCount - 1
        let distinct = indexDistinctPlainKeys(of: object, into: &slots, slotCount: slotCount, keyHash: lookup.keyHash)
        lookup.keys = distinct ? .distinct : .general
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

    /// Puts the keys of the object at `object` into `count` of `slots`, and tells whether they are all plain (no
    /// escapes, shorter than the tape's length field) and all different. Only keys whose hashes land on the same slot
    /// are compared byte for byte. The hash covers the whole key and is keyed per process (see ``KeyHash``), so that
    /// no document can choose keys that all land on one slot and make this quadratic.
    func indexDistinctPlainKeys(
        of object: Int, into slots: inout MemberSlots, slotCount count: Int, keyHash: KeyHash
    ) -> Bool {
        let end = entry(object).low
        guard slots.clear(count: count), let base = slots.base else { return false }
        check(count.nonzeroBitCount == 1 && count <= slots.capacity, "\(count) slots in a table of \(slots.capacity)")
        let mask = count - 1
        var i = object + 1
        while i < end {
            let key = entry(i)
            guard key.tag == .string, key.middle < Int(TapeEntry.saturated) else { return false }
            let bytes = UnsafeBufferPointer(start: keyBytes(key), count: key.middle)
            var slot = Int(truncatingIfNeeded: Self.paddedHash(of: bytes, keyHash)) & mask
            while base[slot] != 0 {
                if plainKey(Int(base[slot]) - 1, equals: bytes) { return false }
                slot = (slot + 1) & mask
            }
            base[slot] = UInt32(truncatingIfNeeded: i + 1)
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
    /// the document's end, so within the padding (only a ``NativeDocument``'s padded bytes have a tape).
    @inline(__always)
    static func paddedHash(of key: UnsafeBufferPointer<UInt8>, _ keyHash: KeyHash) -> UInt64 {
        guard let p = key.baseAddress, key.count < 8 else { return keyHash.hash(key) }
        return keyHash.hash(paddedShort: p, count: key.count)
    }
}
