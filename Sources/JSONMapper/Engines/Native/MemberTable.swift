/// A hash table from member names to tape indices for one object, so that a model reading many fields of a large
/// object finds each in constant time instead of scanning every member (which last-wins lookup would need).
///
/// Built once, when a context is made for the object, and immutable afterwards.
struct MemberTable {
    /// Tape index of each slot's key plus one; 0 marks an empty slot. The count is a power of two.
    private let slots: [UInt32]

    /// Objects with fewer members are scanned: the table would cost more than it saves.
    static let minimumMembers = 8

    /// The table for the object at `object`, or `nil` when the object is too small to need one.
    init?(document: TapeView, object: Int) {
        let count = document.count(of: object)
        guard count >= Self.minimumMembers, count < Int(UInt32.max / 4) else { return nil }
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        var slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        let end = document.entry(object).low
        var key = object + 1
        while key < end {
            document.withKeyBytes(at: key) { bytes in
                var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
                while slots[slot] != 0 {
                    // A repeated key takes its earlier slot: the last one wins.
                    if document.withKeyBytes(at: Int(slots[slot]) - 1, { $0.elementsEqual(bytes) }) { break }
                    slot = (slot + 1) & mask
                }
                slots[slot] = UInt32(key + 1)
            }
            key = document.next(after: key + 1)
        }
        self.slots = slots
    }

    /// The tape index of the value of member `key`, or `nil`.
    func value(of key: UnsafeBufferPointer<UInt8>, in document: TapeView) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while slots[slot] != 0 {
            let candidate = Int(slots[slot]) - 1
            if document.keyEquals(candidate, key) { return candidate + 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// A fast hash of a key's UTF-8, eight bytes at a time.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return hash }
        var i = 0
        while i + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            i += 8
        }
        var tail: UInt64 = 0
        while i < bytes.count {
            tail = tail << 8 | UInt64(base[i])
            i += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }
}
