import Foundation

/// Where the elements of a document's large arrays start on the tape, and where the members of its large objects
/// are, so that a path getter's step into an array by position (`c.getInt(at: ["items", k, "id"])` in a loop) or
/// into an object by key takes one step instead of a walk past the elements or members before it, which made such
/// loops quadratic.
///
/// Most containers need no table. The elements of an array of scalars are one tape entry each, so element `k` is
/// the `k`-th entry after the array's; the first ``walkLimit`` elements of any array are reached by walking, and
/// objects of fewer than ``MemberLookup/tableThreshold`` members are scanned, which costs no more than a lookup.
/// Only a larger container read by position or key gets a table: made on first use, kept for the life of the
/// document, shared by every thread that reads it (under a lock). Each container has at most one table: 4 bytes
/// per element (each takes at least one 8-byte tape entry) or at most 16 per member (each takes at least two), so
/// all the tables of a document together never take more memory than its tape.
///
/// The first step of a path, in the context's own object, does not come here: the context has its own lookup.
final class LookupTables: @unchecked Sendable {
    /// Elements before this position are reached by walking: a few steps, and no table.
    static let walkLimit = 8

    private let lock = NSLock()
    /// The tape index where each element starts, by the tape index of its array. Tape indices are below 2^32 (the
    /// tape stores them in 32 bits).
    private var elementStarts: [Int: [UInt32]] = [:]
    /// The members of objects, by the tape index of the object; `nil` for an object too large for one, which is
    /// scanned.
    private var memberTables: [Int: MemberTable?] = [:]

    /// The tape index of element `position` of the array at `array`, or `nil` when it has fewer elements.
    func element(of array: Int, at position: Int, in view: TapeView) -> Int? {
        guard position >= 0 else { return nil }
        let entry = view.entry(array)
        let count = entry.middle
        if count < Int(TapeEntry.saturated) {
            guard position < count else { return nil }
            // As many entries as elements: one entry each (scalars, or empty containers).
            if entry.low - array - 1 == count { return array + 1 + position }
        }
        if position < Self.walkLimit { return view.element(of: array, at: position) }
        let starts = lock.withLock {
            if let starts = elementStarts[array] { return starts }
            let starts = Self.starts(of: array, in: view)
            elementStarts[array] = starts
            return starts
        }
        return position < starts.count ? Int(starts[position]) : nil
    }

    /// The tape index of the element starts of the array at `array`.
    private static func starts(of array: Int, in view: TapeView) -> [UInt32] {
        var starts: [UInt32] = []
        let count = view.entry(array).middle
        if count < Int(TapeEntry.saturated) { starts.reserveCapacity(count) }
        view.forEachElement(of: array) { _, element in starts.append(UInt32(truncatingIfNeeded: element)) }
        return starts
    }

    /// The tape index of the value of member `key` of the object at `object` (the last, when the key repeats), or
    /// `nil` when it has none.
    func member(of object: Int, key: String, in view: TapeView) -> Int? {
        // The stored count (saturated for the largest objects, which then get a table too).
        guard view.entry(object).middle >= MemberLookup.tableThreshold else {
            return view.member(of: object, key: key)
        }
        let table = lock.withLock {
            if let table = memberTables[object] { return table }
            let table = MemberTable(document: view, object: object)
            memberTables.updateValue(table, forKey: object)
            return table
        }
        return TapeView.withUTF8(key) { wanted in
            table.map { $0.value(of: wanted, in: view) } ?? view.lastMember(of: object, key: wanted)
        }
    }

    /// How many containers have a table, for tests.
    var tableCount: Int {
        lock.withLock { elementStarts.count + memberTables.count }
    }
}
