import Foundation

/// The order of the members of a `JSONSerialization` tree, which its dictionaries do not keep: the native scanner's
/// tape of the same text, which lists every object's keys as written, in document order.
///
/// The Foundation engine scans the text with the native scanner as well (1–12% more time on the benchmark payloads,
/// README *Engines*) and gives each object and array of the tree its place on that tape (a
/// ``FoundationOrigin``), so that `keys`, `unknownKeys` and `JSONValue` objects list members in document order, as
/// on the native engine. Where the scanner rejects text that `JSONSerialization` accepts (`[1,]`), there is no tape
/// and members come in the order of their keys' Unicode scalars.
///
/// `JSONSerialization` stores an object in a `[String: Any]`, which on Linux holds keys that differ only in
/// normalization (`"\u{E9}"` and `"e\u{301}"`) as one: the first spelling, with the value of the last member so
/// spelled. The tape mirrors that rule (``member(_:of:kept:)``), so a member's place is the place of the value the
/// tree holds.
///
/// Lookups in large containers would cost a scan of the container each: they go through tables built once per
/// container on first use, kept here (under a lock, as contexts may be used from any thread), so that reading every
/// member or element costs time linear in the container, and the tables memory linear in the document.
final class FoundationOrder: @unchecked Sendable {
    let document: NativeDocument
    private let lock = NSLock()
    /// For objects of at least ``tableThreshold`` members: each key, by canonical equivalence as the tree holds it,
    /// to the tape index of its last member's value. Guarded by `lock`.
    private var memberTables: [Int: [String: Int]] = [:]
    /// For arrays of at least ``tableThreshold`` elements: each element's tape index. Guarded by `lock`.
    private var elementTables: [Int: [Int]] = [:]

    /// Containers with fewer members or elements are scanned for each lookup: comparing a few dozen short keys
    /// costs about as much as taking the lock and hashing the key, and the scan stays bounded.
    static let tableThreshold = 64

    /// The order of `data`'s members, or `nil` when the native scanner does not accept the text (or has no memory
    /// for it): the tree is then read in key order.
    init?(_ data: Data, maximumDepth: Int) {
        guard let document = try? NativeDocument(data: data, maximumDepth: maximumDepth) else { return nil }
        self.document = document
    }

    /// The place of the top-level value.
    var root: FoundationOrigin { FoundationOrigin(order: self, index: NativeDocument.root) }

    /// The tape index of the value the tree holds for `key` in the object at `object`, which has `kept` members in
    /// the tree: the last member whose key is `key` by canonical equivalence (the tree's key is the first such
    /// member's spelling, its value the last one's).
    func member(_ key: String, of object: Int, kept: Int) -> Int? {
        let view = document.view
        guard view.entry(object).tag == .object else { return nil }
        // The count on the tape is exact below its saturation, far above the threshold.
        let members = view.entry(object).middle
        if members >= Self.tableThreshold {
            return table(of: object) { Self.memberTable(view, object) }[key]
        }
        if members == kept {
            // Every key distinct by canonical equivalence, so by bytes too: the one with these bytes.
            return view.member(of: object, key: key)
        }
        var found: Int?
        view.forEachMember(of: object) { name, value in
            if name == key { found = value }
        }
        return found
    }

    /// The tape index of element `position` of the array at `array`.
    func element(_ position: Int, of array: Int) -> Int? {
        let view = document.view
        guard position >= 0, view.entry(array).tag == .array else { return nil }
        if view.entry(array).middle < Self.tableThreshold { return view.element(of: array, at: position) }
        let table = lock.withLock { () -> [Int] in
            if let table = elementTables[array] { return table }
            var table: [Int] = []
            view.forEachElement(of: array) { _, element in table.append(element) }
            elementTables[array] = table
            return table
        }
        return position < table.count ? table[position] : nil
    }

    /// The members of the object at `object` as the tree `members` holds them, in document order: each key once,
    /// at the place of its first member, with the tree's value and the tape index of the member it came from.
    /// `nil` when the tape and the tree disagree (`JSONSerialization` changed a key, as it drops a final U+FEFF).
    func orderedMembers(
        of object: Int, _ members: [String: Any]
    ) -> [(key: String, value: Any, index: Int)]? {
        let view = document.view
        guard view.entry(object).tag == .object else { return nil }
        var ordered: [(key: String, value: Any, index: Int)] = []
        ordered.reserveCapacity(members.count)
        if view.count(of: object) == members.count {
            // No two keys are one to the tree: each member is one of its entries.
            var complete = true
            view.forEachMember(of: object) { key, value in
                guard complete, let position = members.index(forKey: key), ExactKey.equal(members[position].key, key)
                else {
                    complete = false
                    return
                }
                ordered.append((key, members[position].value, value))
            }
            return complete ? ordered : nil
        }
        // Repeated keys, or keys the tree holds as one: each of its entries at its first member.
        let last = Self.memberTable(view, object)
        var seen = Set<String>()
        var complete = true
        view.forEachMember(of: object) { key, _ in
            guard complete, seen.insert(key).inserted else { return }
            guard let position = members.index(forKey: key), ExactKey.equal(members[position].key, key),
                let value = last[key]
            else {
                complete = false
                return
            }
            ordered.append((key, members[position].value, value))
        }
        return complete && ordered.count == members.count ? ordered : nil
    }

    /// Each key of the object at `object`, by canonical equivalence, to the tape index of its last member's value:
    /// a `[String: Int]` built in document order keeps the first spelling and takes the last value, as the tree
    /// `JSONSerialization` builds does.
    private static func memberTable(_ view: TapeView, _ object: Int) -> [String: Int] {
        var table: [String: Int] = [:]
        view.forEachMember(of: object) { key, value in table[key] = value }
        return table
    }

    private func table(of object: Int, _ build: () -> [String: Int]) -> [String: Int] {
        lock.withLock {
            if let table = memberTables[object] { return table }
            let table = build()
            memberTables[object] = table
            return table
        }
    }
}

/// Where an object or array of a `JSONSerialization` tree stands on its ``FoundationOrder``'s tape.
struct FoundationOrigin {
    let order: FoundationOrder
    /// The tape index of the container.
    let index: Int

    /// The place of the value the tree holds for `key`, in an object of `kept` members in the tree.
    func member(_ key: String, kept: Int) -> FoundationOrigin? {
        order.member(key, of: index, kept: kept).map { FoundationOrigin(order: order, index: $0) }
    }

    /// The place of element `position`.
    func element(_ position: Int) -> FoundationOrigin? {
        order.element(position, of: index).map { FoundationOrigin(order: order, index: $0) }
    }

    /// The place of a value at tape index `index`.
    func at(_ index: Int) -> FoundationOrigin {
        FoundationOrigin(order: order, index: index)
    }

    /// The places of the elements of this array, of which the tree holds `count`; `nil` unless the tape has as
    /// many.
    func elements(count: Int) -> ElementPlaces? {
        let document = order.document
        guard document.entry(index).tag == .array, document.count(of: index) == count else { return nil }
        return ElementPlaces(order: order, index: index + 1)
    }

    /// The places of an array's elements, one after the other.
    struct ElementPlaces {
        let order: FoundationOrder
        var index: Int

        /// The place of the next element.
        mutating func next() -> FoundationOrigin {
            defer { index = order.document.next(after: index) }
            return FoundationOrigin(order: order, index: index)
        }
    }
}
