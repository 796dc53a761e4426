import Foundation

/// Where a reader of one native object (a context) finds its members: the object's place on the tape and the state
/// that makes each lookup fast.
///
/// A reader holds one and points it at each object it reads (``place(_:object:)``); reused readers keep its hash
/// table, so that mapping an array of models allocates nothing per element. The thread that owns the reader uses the
/// cursor and the table without a lock (see `MemberLookup`); other threads may share the reader, and they look members
/// up through ``SharedObjectKeys``, which the reader keeps apart from this value, so that they never touch it.
///
/// One concrete type, held by value: the getters' hot path calls it directly, with no protocol in between.
struct ObjectLookup: ~Copyable {
    /// The tape index of the object the reader is on (the reader keeps the document's view, which it shares with
    /// other threads; this value holds only what the owner uses).
    private(set) var object = 0
    /// The state of member lookups on the owner's thread.
    private var lookup = MemberLookup()
    /// The hash tables of the keys of the objects read, kept for the next objects (see `MemberSlots`).
    private var slots = MemberSlots()
    /// For an object with repeated or escaped keys, a table that finds the last of each (see `MemberLookup`).
    private var repeatedKeys: MemberTable?

    init() {}

    deinit {
        slots.free()
    }

    /// Points the lookup at the object at tape index `object`, keeping its hash tables for the next objects. Only the
    /// owner calls it, while nothing else uses the reader.
    mutating func place(object: Int) {
        self.object = object
        lookup.reset()
        // Tested first: assigning `nil` over `nil` still called the runtime to release the old value, on every
        // element of an array of models (and almost no object has a table to forget).
        if repeatedKeys != nil { repeatedKeys = nil }
    }

    /// The tape index of the value of member `key` of the object in `view`, by the last-wins rule, for the thread
    /// that owns the reader: it alone uses the lookup state. Takes no lock (a lock passed on this path would be
    /// retained and released on every lookup).
    @inline(__always)
    mutating func member(_ key: String, in view: TapeView) -> Int? {
        let object = object
        if lookup.keys == .general { return generalMember(key, in: view) }
        let index = TapeView.withUTF8(key) {
            view.member(of: object, key: $0, lookup: &lookup, slots: &slots)
        }
        return index ?? (lookup.keys == .general ? generalMember(key, in: view) : nil)
    }

    /// The last member named `key` of an object with repeated or escaped keys: by a table when it is large.
    private mutating func generalMember(_ key: String, in view: TapeView) -> Int? {
        let object = object
        if repeatedKeys == nil, view.count(of: object) >= MemberLookup.tableThreshold {
            repeatedKeys = MemberTable(document: view, object: object)
        }
        return TapeView.withUTF8(key) { wanted in
            if let table = repeatedKeys { return table.value(of: wanted, in: view) }
            return view.lastMember(of: object, key: wanted)
        }
    }
}

/// The table of one object's keys that threads other than a reader's owner look members up in, built once under
/// the reader's lock. A reader keeps it apart from its ``ObjectLookup``, which only the owner touches: the two are
/// separate variables, so their accesses never overlap (ThreadSanitizer checks accesses per variable).
struct SharedObjectKeys {
    private var keys: (object: Int, table: MemberTable)?

    /// Forgets the table, for a reader that is about to read another object while no other thread can see it.
    mutating func clear() {
        if keys != nil { keys = nil }  // as in `ObjectLookup.place`: no release of `nil` per element
    }

    /// The table of the keys of the object at `object` in `view`, made on first use; `nil` for a small object, which
    /// is scanned instead. Call it with the reader's lock held.
    mutating func table(for object: Int, in view: TapeView) -> MemberTable? {
        guard view.count(of: object) >= MemberLookup.tableThreshold else { return nil }
        if keys?.object != object {
            keys = MemberTable(document: view, object: object).map { (object, $0) }
        }
        return keys?.table
    }

    /// The tape index of the value of member `key` of the object at `object` in `view`, by the last-wins rule:
    /// through `table` when there is one, else by a scan.
    static func member(_ key: String, of object: Int, in view: TapeView, table: MemberTable?) -> Int? {
        TapeView.withUTF8(key) { wanted in
            table.map { $0.value(of: wanted, in: view) } ?? view.lastMember(of: object, key: wanted)
        }
    }
}
