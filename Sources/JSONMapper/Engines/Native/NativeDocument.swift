import Foundation

/// A JSON document parsed by the native engine: its bytes and the tape that indexes them.
///
/// Immutable once made, so it can be read from any thread. Values are located through tape indices; strings and
/// numbers are decoded from the bytes only when a getter asks for them.
final class NativeDocument: @unchecked Sendable {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let byteCount: Int
    private let tape: UnsafeMutablePointer<UInt64>
    private let tapeCount: Int
    /// The most memory the engine held for this document at once, in bytes: the copy of the input and the tape
    /// (while it was built). What getters then create belongs to the models.
    let peakBytes: Int

    /// Takes ownership of `bytes` (allocated by ``RawMemory``), which must hold `byteCount` bytes followed by
    /// ``NativeScanner/padding`` zero bytes, and scans them.
    ///
    /// - Throws: The first syntax error, as a ``JSONMappingError`` with code `malformedJSON`; `bytes` is freed.
    init(
        adopting bytes: UnsafeMutablePointer<UInt8>, count byteCount: Int, maximumDepth: Int
    )
        throws(JSONMappingError)
    {
        do {
            let scanner = try NativeScanner(bytes: bytes, count: byteCount, maximumDepth: maximumDepth)
            let tape = try scanner.scan().take()
            (self.tape, tapeCount) = (tape.entries, tape.count)
            peakBytes = byteCount + NativeScanner.padding + tape.peakBytes
        } catch {
            RawMemory.free(bytes)
            throw error
        }
        self.bytes = bytes
        self.byteCount = byteCount
    }

    /// Copies `data` and scans it.
    convenience init(data: Data, maximumDepth: Int) throws(JSONMappingError) {
        let count = data.count
        let buffer = try Self.allocateBuffer(count: count)
        data.copyBytes(to: buffer, count: count)
        try self.init(adopting: buffer, count: count, maximumDepth: maximumDepth)
    }

    /// Memory (from ``RawMemory``) for `count` bytes of input followed by the zero padding the scanner needs.
    static func allocateBuffer(count: Int) throws(JSONMappingError) -> UnsafeMutablePointer<UInt8> {
        guard let buffer = RawMemory.allocate(UInt8.self, count: count + NativeScanner.padding) else {
            throw RawMemory.exhausted(count + NativeScanner.padding)
        }
        (buffer + count).initialize(repeating: 0, count: NativeScanner.padding)
        return buffer
    }

    deinit {
        RawMemory.free(bytes)
        RawMemory.free(tape)
    }

    /// The tape index of the top-level value.
    static let root = 0

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

    // MARK: Containers

    /// The tape index of the member named `key` of the object at `index`, or `nil` when it has none.
    /// When a key occurs more than once, the last one wins, as in `JSONSerialization` and JavaScript.
    func member(of index: Int, key: String, table: MemberTable? = nil) -> Int? {
        Self.withUTF8(key) { wanted in
            if let table { return table.value(of: wanted, in: self) }
            let end = entry(index).low
            var found: Int?
            var i = index + 1
            while i < end {
                if keyEquals(i, wanted) { found = i + 1 }
                i = next(after: i + 1)
            }
            return found
        }
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
        UnsafePointer(bytes + entry.low)
    }

    /// Whether the key at tape index `index` is `wanted`.
    @inline(__always)
    func keyEquals(_ index: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = entry(index)
        if key.tag == .string && key.middle < Int(TapeEntry.saturated) {
            guard key.middle == wanted.count else { return false }
            guard let base = wanted.baseAddress else { return true }
            return memcmp(bytes + key.low, base, wanted.count) == 0
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

    /// The tape index of element `position` of the array at `index`, or `nil` when it has fewer elements.
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
    func text(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entry(index)
        let length = entry.textLength(in: bytes, count: byteCount)
        return UnsafeBufferPointer(start: bytes + entry.low, count: length)
    }

    /// The decoded string at `index`.
    func string(at index: Int) -> String {
        let text = text(at: index)
        return StringDecoding.decode(
            text.baseAddress ?? UnsafePointer(bytes), count: text.count, escaped: entry(index).tag == .escapedString)
    }
}
