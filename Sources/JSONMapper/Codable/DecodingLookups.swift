/// The member lookups of a decode's keyed containers: one slot per nesting depth, each holding the native engine's
/// lookup state (`MemberLookup` and its hash tables, `MemberSlots`) for the object its container reads.
///
/// A container looks its members up in the slot of its depth, and re-points the slot when another object took it
/// meanwhile; the objects read one after the other at a depth (the elements of an array of models) reuse the slot's
/// table, so that decoding them allocates nothing for lookups. Only the decode's own thread uses the slots.
final class DecodingLookups {
    struct Slot {
        /// The tape index of the object the slot is on; -1 for none.
        var object = -1
        var lookup = MemberLookup()
        var slots = MemberSlots()
    }

    private var storage: UnsafeMutablePointer<Slot>
    private var capacity: Int

    init() {
        capacity = 16
        storage = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        storage.initialize(repeating: Slot(), count: capacity)
    }

    deinit {
        for i in 0..<capacity { storage[i].slots.free() }
        storage.deinitialize(count: capacity)
        storage.deallocate()
    }

    /// The slot of `depth`, pointed at `object`.
    @inline(__always)
    func slot(_ depth: Int, object: Int) -> UnsafeMutablePointer<Slot> {
        if depth >= capacity { grow(toHold: depth) }
        let slot = storage + depth
        if slot.pointee.object != object {
            slot.pointee.object = object
            slot.pointee.lookup.reset()
        }
        return slot
    }

    private func grow(toHold depth: Int) {
        var grown = capacity
        while grown <= depth { grown *= 2 }
        let larger = UnsafeMutablePointer<Slot>.allocate(capacity: grown)
        larger.moveInitialize(from: storage, count: capacity)
        (larger + capacity).initialize(repeating: Slot(), count: grown - capacity)
        storage.deallocate()
        storage = larger
        capacity = grown
    }
}

extension TapeView {
    /// The tape index of the value of the first member named `wanted` of the object at `object`, as `JSONDecoder`
    /// keeps the first of repeated keys; by a scan of every member, for objects with repeated or escaped keys.
    func firstMember(of object: Int, key wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = entry(object).low
        var i = object + 1
        while i < end {
            if keyEquals(i, wanted) { return i + 1 }
            i = next(after: i + 1)
        }
        return nil
    }
}
