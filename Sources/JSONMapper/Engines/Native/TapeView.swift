import Foundation

/// The bytes and tape of a ``NativeDocument``, to read them: every way of finding and decoding a value.
///
/// A value of three pointers and two counts, valid while its document lives (every context holds the document
/// through its session). Contexts keep one so that getters read the tape without retaining and releasing the
/// document on every read.
struct TapeView {
    let tape: UnsafePointer<UInt64>
    /// The document's bytes; every value is read at ``DocumentBytes/address(_:)`` of its offset.
    let input: DocumentBytes

    init(tape: UnsafePointer<UInt64>, input: DocumentBytes) {
        self.tape = tape
        self.input = input
    }

    @inline(__always)
    func entry(_ index: Int) -> TapeEntry {
        TapeEntry(bits: tape[index])
    }

    /// The index of the value after the one at `index`, skipping a container's contents.
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entry(index)
        return entry.isContainer ? entry.low : index + 1
    }

    /// Whether the value at `index` nests containers more than `limit` deep (a container is one level, `[[]]` two),
    /// found in one pass over its entries, without recursion.
    func nests(deeperThan limit: Int, at index: Int) -> Bool {
        var ends: [Int] = []
        let end = next(after: index)
        var i = index
        while i < end {
            while let last = ends.last, i >= last { ends.removeLast() }
            let entry = entry(i)
            if entry.isContainer {
                ends.append(entry.low)
                if ends.count > limit { return true }
            }
            i += 1
        }
        return false
    }

    // MARK: Containers

    /// The tape index of the member named `key` of the object at `index`, or `nil` when it has none.
    /// When a key occurs more than once, the last one wins, as in `JSONSerialization` and JavaScript.
    func member(of index: Int, key: String) -> Int? {
        Self.withUTF8(key) { lastMember(of: index, key: $0) }
    }

    /// Calls `body` with the UTF-8 of `text`, without copying a native string.
    @inline(__always)
    static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// The first byte of the string or number `entry` stands for.
    @inline(__always)
    func keyBytes(_ entry: TapeEntry) -> UnsafePointer<UInt8> {
        input.address(entry.low)
    }

    /// Whether the key at tape index `index` is `wanted`.
    @inline(__always)
    func keyEquals(_ index: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = entry(index)
        if key.tag == .string && key.middle < Int(TapeEntry.saturated) {
            guard key.middle == wanted.count else { return false }
            guard let base = wanted.baseAddress else { return true }
            return memcmp(input.address(key.low), base, wanted.count) == 0
        }
        // Escaped (or very long) keys are rare: compare their decoded text.
        return withKeyBytes(at: index) { $0.elementsEqual(wanted) }
    }

    /// Calls `body` with the decoded UTF-8 of the key at tape index `index`.
    func withKeyBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let key = entry(index)
        if key.tag == .string {
            return body(text(at: index))
        }
        var decoded = string(at: index)
        return decoded.withUTF8(body)
    }

    /// The number of members or elements of the container at `index`.
    func count(of index: Int) -> Int {
        let entry = entry(index)
        if entry.middle < Int(TapeEntry.saturated) { return entry.middle }
        var n = 0
        var i = index + 1
        let step = entry.tag == .object ? 2 : 1
        while i < entry.low {
            i = step == 2 ? next(after: i + 1) : next(after: i)
            n += 1
        }
        return n
    }

    /// Calls `body` with the position and tape index of each element of the array at `index`.
    @inline(__always)
    func forEachElement(of index: Int, _ body: (Int, Int) throws -> Void) rethrows {
        let end = entry(index).low
        var i = index + 1
        var position = 0
        while i < end {
            try body(position, i)
            position += 1
            i = next(after: i)
        }
    }

    /// The tape index of element `position` of the array at `index`, or `nil` when it has fewer elements, found by
    /// walking the elements before it (``LookupTables`` finds it in one step, for a document's path getters).
    func element(of index: Int, at position: Int) -> Int? {
        let end = entry(index).low
        var i = index + 1
        var remaining = position
        while i < end {
            if remaining == 0 { return i }
            remaining -= 1
            i = next(after: i)
        }
        return nil
    }

    /// Calls `body` with the key and value index of each member of the object at `index`, in document order.
    func forEachMember(of index: Int, _ body: (String, Int) throws -> Void) rethrows {
        let end = entry(index).low
        var i = index + 1
        while i < end {
            try body(string(at: i), i + 1)
            i = next(after: i + 1)
        }
    }

    // MARK: Scalars

    /// The bytes of the string (without quotes) or number at `index`.
    @inline(__always)
    func text(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entry(index)
        let length = entry.textLength(in: input.head, count: input.count)
        check(entry.low + length <= input.count, "text at \(entry.low) of \(length) bytes past \(input.count)")
        return UnsafeBufferPointer(start: input.address(entry.low), count: length)
    }

    /// The decoded string at `index`: the scan that made the tape validated its UTF-8.
    func string(at index: Int) -> String {
        let text = text(at: index)
        return StringDecoding.decodeScanned(
            text.baseAddress ?? input.tail, count: text.count, escaped: entry(index).tag == .escapedString)
    }
}
