import Foundation

// Finding whether a key was set before in the open object, in time that does not grow with its members.
//
// A small object answers from a 128-bit filter of its keys: a clear bit proves a key new, and a set bit costs a scan
// of the earlier members. Past ``JSONWriter/indexThreshold`` members the filter is nearly full, so the object's first
// members go into a hash table of their own (open addressing, the key's 64-bit hash beside the record), and each key
// then costs one hash and, in practice, one probe.

extension JSONWriter {
    /// The members an object has when it gets a hash table: below, scans of the few earlier keys the filter does not
    /// rule out are cheaper than hashing every key.
    static let indexThreshold = 64

    /// A hash table of the first members of one open object: the slot of a key is its hash modulo the size, then
    /// the next free one.
    struct MemberIndex {
        struct Slot {
            var hash: UInt64
            /// The member's record, plus one; 0 for a free slot.
            var recordPlusOne: Int
        }
        var slots: UnsafeMutablePointer<Slot>
        /// The number of slots less one; the number of slots is a power of two.
        var mask: Int
        var used = 0
    }

    /// The record of the first member of the open object with the key escaped at `keyStart..<keyEnd`, or `nil`.
    /// Notes the key as the object's (in its filter or table) when `remember` is set and the key is new.
    ///
    /// Inlined: for most keys of most objects the filter answers at once, and a call would cost as much again.
    @inline(__always)
    mutating func earlierMember(keyStart: Int, keyEnd: Int, remember: Bool = true) -> Int? {
        let length = keyEnd - keyStart
        if current.hasIndex {
            return indexedMember(keyStart: keyStart, length: length, remember: remember)
        }
        let bit = Self.filterBit(base + keyStart, count: length)
        let mask: UInt64 = 1 << (bit & 63)
        if bit < 64 {
            if current.seenLow & mask == 0 {
                if remember { current.seenLow |= mask }
                return nil
            }
        } else if current.seenHigh & mask == 0 {
            if remember { current.seenHigh |= mask }
            return nil
        }
        return scannedMember(keyStart: keyStart, length: length)
    }

    /// The record of the first member with the key at `keyStart`, found by looking at every earlier one.
    @inline(never)
    private mutating func scannedMember(keyStart: Int, length: Int) -> Int? {
        for index in current.firstRecord..<records.count where records[index].holder != MemberRecord.moved {
            keyProbes += 1
            if sameKey(index, keyStart: keyStart, length: length) { return index }
        }
        return nil
    }

    /// Whether record `index` has the key escaped at `keyStart` in `length` bytes.
    @inline(__always)
    private func sameKey(_ index: Int, keyStart: Int, length: Int) -> Bool {
        let record = records[index]
        return record.keyEnd - record.keyStart == length && memcmp(base + record.keyStart, base + keyStart, length) == 0
    }

    /// Puts the open object's first members into a hash table of their own, from now on the way its keys are
    /// looked up. Without the memory for it, the write fails.
    mutating func indexMembers() {
        let first = current.firstRecord
        let members = records.count - first
        var size = 64
        while size < members * 4 { size *= 2 }
        let bytes = size * MemoryLayout<MemberIndex.Slot>.stride
        guard scratchBytes + bytes <= settings.memoryLimit - capacity,
            let slots = RawMemory.allocate(MemberIndex.Slot.self, count: size)
        else { return fail(needing: bytes) }
        slots.initialize(repeating: MemberIndex.Slot(hash: 0, recordPlusOne: 0), count: size)
        scratchBytes += bytes
        memberIndexes.append(MemberIndex(slots: slots, mask: size - 1))
        current.hasIndex = true
        for index in first..<records.count where records[index].holder != MemberRecord.moved && !outOfMemory {
            let record = records[index]
            insert(index, hash: Self.keyHash(base + record.keyStart, count: record.keyEnd - record.keyStart))
        }
    }

    /// Frees the hash table of the object closing now.
    mutating func dropIndex() {
        guard current.hasIndex, let index = memberIndexes.popLast() else { return }
        RawMemory.free(index.slots)
        scratchBytes -= (index.mask + 1) * MemoryLayout<MemberIndex.Slot>.stride
    }

    @inline(never)
    private mutating func indexedMember(keyStart: Int, length: Int, remember: Bool) -> Int? {
        let hash = Self.keyHash(base + keyStart, count: length)
        let table = memberIndexes[memberIndexes.count - 1]
        var slot = Int(truncatingIfNeeded: hash) & table.mask
        while table.slots[slot].recordPlusOne != 0 {
            if table.slots[slot].hash == hash {
                let index = table.slots[slot].recordPlusOne - 1
                keyProbes += 1
                if sameKey(index, keyStart: keyStart, length: length) { return index }
            }
            slot = (slot + 1) & table.mask
        }
        if remember { insert(records.count, hash: hash) }
        return nil
    }

    /// Points the innermost table's entry for record `old` at record `new`, a later member with the same key that
    /// takes its place (a key removed and set again).
    mutating func reindexMember(_ old: Int, as new: Int) {
        guard let table = memberIndexes.last else { return }
        let record = records[old]
        let hash = Self.keyHash(base + record.keyStart, count: record.keyEnd - record.keyStart)
        var slot = Int(truncatingIfNeeded: hash) & table.mask
        while table.slots[slot].recordPlusOne != 0 {
            if table.slots[slot].recordPlusOne == old + 1 {
                table.slots[slot].recordPlusOne = new + 1
                return
            }
            slot = (slot + 1) & table.mask
        }
    }

    /// Adds record `index` with `hash` to the innermost table, doubling it when half full.
    private mutating func insert(_ index: Int, hash: UInt64) {
        guard !outOfMemory else { return }
        let last = memberIndexes.count - 1
        if (memberIndexes[last].used + 1) * 2 > memberIndexes[last].mask + 1 {
            guard rehash() else { return }
        }
        let table = memberIndexes[last]
        var slot = Int(truncatingIfNeeded: hash) & table.mask
        while table.slots[slot].recordPlusOne != 0 { slot = (slot + 1) & table.mask }
        table.slots[slot] = MemberIndex.Slot(hash: hash, recordPlusOne: index + 1)
        memberIndexes[last].used += 1
    }

    /// Moves the innermost table's entries into one twice its size; `false` when the memory cannot be had.
    private mutating func rehash() -> Bool {
        let last = memberIndexes.count - 1
        let old = memberIndexes[last]
        let size = (old.mask + 1) * 2
        let stride = MemoryLayout<MemberIndex.Slot>.stride
        guard scratchBytes + size * stride <= settings.memoryLimit - capacity,
            let slots = RawMemory.allocate(MemberIndex.Slot.self, count: size)
        else {
            fail(needing: size * stride)
            return false
        }
        slots.initialize(repeating: MemberIndex.Slot(hash: 0, recordPlusOne: 0), count: size)
        for position in 0...old.mask where old.slots[position].recordPlusOne != 0 {
            var slot = Int(truncatingIfNeeded: old.slots[position].hash) & (size - 1)
            while slots[slot].recordPlusOne != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = old.slots[position]
        }
        RawMemory.free(old.slots)
        scratchBytes += size * stride / 2
        memberIndexes[last].slots = slots
        memberIndexes[last].mask = size - 1
        return true
    }

    /// A hash of a key's escaped bytes, all of them, eight at a time.
    static func keyHash(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= count {
            hash = (hash ^ Digits.load(bytes + i)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            i += 8
        }
        var tail: UInt64 = 0
        while i < count {
            tail = tail << 8 | UInt64(bytes[i])
            i += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }

    /// A bit from 0 to 127 for a key's bytes: its length and first and last eight bytes, mixed.
    @inline(__always)
    static func filterBit(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: count)
        if count >= 8 {
            hash ^= Digits.load(bytes) &* 0x9E37_79B9_7F4A_7C15
            hash ^= Digits.load(bytes + count - 8) &* 0xC2B2_AE3D_27D4_EB4F
        } else {
            for i in 0..<count { hash = (hash << 8) | UInt64(bytes[i]) }
            hash &*= 0x9E37_79B9_7F4A_7C15
        }
        hash &*= 0xFF51_AFD7_ED55_8CCD
        return hash >> 57
    }
}
