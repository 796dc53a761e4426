import Foundation

/// Where a reader of one native object (a context) finds its members: the object's place on the tape and the state
/// that makes each lookup fast.
///
/// A reader holds one and points it at each object it reads (``place(_:object:)``); reused readers keep its hash
/// table, so that mapping an array of models allocates nothing per element. The thread that owns the reader uses the
/// cursor and the table without a lock (see `MemberLookup`); other threads may share the reader, and they look members
/// up in a table of the object's keys built once under the lock the reader passes, never touching the owner's state.
///
/// One concrete type, held by value: the getters' hot path calls it directly, with no protocol in between.
struct ObjectLookup: ~Copyable {
    /// The document's tape when the reader is on a native object: a plain value, read without retaining anything.
    private(set) var view: TapeView?
    /// The tape index of that object.
    private(set) var object = 0
    /// The state of member lookups on the owner's thread.
    private var lookup = MemberLookup()
    /// The hash table of the object's keys, kept for the next object.
    private var slots = MemberSlots()
    /// For an object with repeated or escaped keys, a table that finds the last of each (see `MemberLookup`).
    private var repeatedKeys: MemberTable?
    /// The table of an object's keys that threads other than the owner look members up in; guarded by the lock that
    /// they pass to ``sharedMember(_:in:lock:)``.
    private var sharedKeys: (object: Int, table: MemberTable)?

    init() {}

    deinit {
        slots.free()
    }

    /// Points the lookup at the object at tape index `object` of `view`, or at nothing when `view` is `nil` (the
    /// reader reads another engine's value, a scalar, or nothing). Only the owner calls it, while nothing else uses
    /// the reader.
    mutating func place(_ view: TapeView?, object: Int) {
        self.view = view
        self.object = object
        lookup.reset()
        repeatedKeys = nil
    }

    /// Points the lookup at nothing, keeping its table for the next object.
    mutating func clear() {
        view = nil
    }

    /// The tape index of the value of member `key` of the object (which ``view`` must show), by the last-wins rule,
    /// for the thread that owns the reader: it alone uses the lookup state. Takes no lock (a lock passed on this path
    /// would be retained and released on every lookup).
    @inline(__always)
    mutating func member(_ key: String, in view: TapeView) -> Int? {
        let object = object
        if lookup.keys == .general { return generalMember(key, in: view) }
        let index = TapeView.withUTF8(key) {
            view.member(of: object, key: $0, lookup: &lookup, slots: &slots)
        }
        return index ?? (lookup.keys == .general ? generalMember(key, in: view) : nil)
    }

    /// Member `key` looked up from a thread other than the owner, whose lookup state is not this thread's to use:
    /// a large object gets a table of its keys, built once under `lock` and read by every such thread.
    mutating func sharedMember(_ key: String, in view: TapeView, lock: NSLock) -> Int? {
        let object = object
        guard view.count(of: object) >= MemberLookup.tableThreshold else {
            return TapeView.withUTF8(key) { view.lastMember(of: object, key: $0) }
        }
        let table = lock.withLock { () -> MemberTable? in
            if sharedKeys?.object != object {
                sharedKeys = MemberTable(document: view, object: object).map { (object, $0) }
            }
            return sharedKeys?.table
        }
        return TapeView.withUTF8(key) { wanted in
            table.map { $0.value(of: wanted, in: view) } ?? view.lastMember(of: object, key: wanted)
        }
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
