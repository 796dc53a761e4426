/// A hash table from member names to tape indices for one object, so that a model reading many fields of a large
/// object finds each in constant time instead of scanning every member (which last-wins lookup would need).
///
/// Built once, when a context is made for the object, and immutable afterwards.
struct MemberTable {
    /// Tape index of each slot's key plus one; 0 marks an empty slot. The count is a power of two.
    private let slots: [UInt32]

    /// The hash of every key, whole and keyed per process (see ``KeyHash``): no document can choose keys that share
    /// a slot.
    private let keyHash: KeyHash

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
        let keyHash = KeyHash.process
        var key = object + 1
        while key < end {
            document.withKeyBytes(at: key) { bytes in
                var slot = Int(truncatingIfNeeded: keyHash.hash(bytes)) & mask
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
        self.keyHash = keyHash
    }

    /// The tape index of the value of member `key`, or `nil`.
    func value(of key: UnsafeBufferPointer<UInt8>, in document: TapeView) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: keyHash.hash(key)) & mask
        while slots[slot] != 0 {
            let candidate = Int(slots[slot]) - 1
            if document.keyEquals(candidate, key) { return candidate + 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
