// Engines/Native/ owns the native engine: the scanner (NativeScanner, RFC 8259 in one pass onto a tape), the tape
// and its view, member lookup (TapeView+MemberLookup, MemberTable, ObjectLookup) and this document.

import Foundation

/// A JSON document parsed by the native engine: its bytes and the tape that indexes them.
///
/// Immutable once made, so it can be read from any thread. Values are located through tape indices; strings and
/// numbers are decoded from the bytes only when a getter asks for them.
final class NativeDocument: @unchecked Sendable {
    /// The memory the document owns for its bytes: a padded copy of them all, or of the last ones only when the
    /// others are read where the caller's `Data` holds them (``source``).
    private let copy: UnsafeMutablePointer<UInt8>
    private let tape: UnsafeMutablePointer<UInt64>
    /// The caller's bytes, kept alive while the document reads them in place; `nil` when ``copy`` holds them all.
    private let source: Data?
    /// The document's bytes and tape, for reading: a plain value, so that the hot paths read it without retaining
    /// the document.
    let view: TapeView
    /// The most memory the engine held for this document at once, in bytes: the copy of the input (or of its last
    /// bytes) and the tape (while it was built). What getters then create belongs to the models.
    let peakBytes: Int
    /// The nesting the scan allowed: no value of the document is deeper.
    let maximumDepth: Int
    /// Where the elements of large arrays and the members of large objects are, made as paths read them.
    let lookupTables = LookupTables()

    /// Takes ownership of `bytes` (allocated by ``RawMemory``), which must hold `byteCount` bytes followed by
    /// ``NativeScanner/padding`` zero bytes, and scans them.
    ///
    /// - Throws: The first syntax error, or the memory that could not be had, as a ``EngineError``; `bytes` is freed.
    convenience init(
        adopting bytes: UnsafeMutablePointer<UInt8>, count byteCount: Int, maximumDepth: Int
    )
        throws(EngineError)
    {
        try self.init(
            input: DocumentBytes(padded: bytes, count: byteCount), copy: bytes, source: nil,
            maximumDepth: maximumDepth)
    }

    /// Scans `input`, whose padded copy (whole or tail) is `copy` (allocated by ``RawMemory``, owned from here on,
    /// freed if the scan throws), and whose other bytes `source` holds.
    private init(
        input: DocumentBytes, copy: UnsafeMutablePointer<UInt8>, source: Data?, maximumDepth: Int
    )
        throws(EngineError)
    {
        do throws(EngineError) {
            let scanner = try NativeScanner(input: input, maximumDepth: maximumDepth)
            guard let tape = try scanner.scan().take() else { throw RawMemory.exhausted(0) }
            self.tape = tape.entries
            peakBytes = input.count - input.split + NativeScanner.padding + tape.peakBytes
        } catch {
            RawMemory.free(copy)
            throw error
        }
        self.copy = copy
        self.source = source
        self.maximumDepth = maximumDepth
        view = TapeView(tape: tape, input: input)
    }

    /// The smallest input read in place rather than copied: below it, a copy costs less than finding the split,
    /// and `Data` may hold the bytes inline (in the value itself, not in memory that outlives a call).
    static let inPlaceMinimum = 4096

    /// Scans `data`, reading its bytes where they are except for a copy of the last ones (``DocumentBytes``), or
    /// copying them all when `data` is shorter than `inPlaceMinimum` (never below 64 bytes) or its end has no
    /// place to split.
    ///
    /// The document keeps `data`, and with it the storage whose address `withUnsafeBytes` gave: `Data` holds more
    /// than a few bytes in a heap storage object whose bytes never move, and the document's copy of `data` is never
    /// mutated. `InPlaceReadingTests` checks that the address stays the same for every kind of `Data` it sees.
    convenience init(
        data: Data, maximumDepth: Int, inPlaceMinimum: Int = NativeDocument.inPlaceMinimum
    )
        throws(EngineError)
    {
        let count = data.count
        if count >= max(inPlaceMinimum, 64),
            let head = data.withUnsafeBytes({ $0.baseAddress?.assumingMemoryBound(to: UInt8.self) })
        {
            let split = DocumentBytes.inPlaceSplit(of: head, count: count)
            if split > 0 {
                let tail = try Self.allocateBuffer(count: count - split)
                tail.update(from: head + split, count: count - split)
                try self.init(
                    input: DocumentBytes(head: head, tail: tail, split: split, count: count), copy: tail,
                    source: data, maximumDepth: maximumDepth)
                return
            }
        }
        let buffer = try Self.allocateBuffer(count: count)
        data.copyBytes(to: buffer, count: count)
        try self.init(adopting: buffer, count: count, maximumDepth: maximumDepth)
    }

    /// Memory (from ``RawMemory``) for `count` bytes of input followed by the zero padding the scanner needs. The
    /// caller writes all `count` bytes at once, so fresh pages are mapped ahead (``RawMemory/prefault(_:count:)``).
    static func allocateBuffer(count: Int) throws(EngineError) -> UnsafeMutablePointer<UInt8> {
        guard let buffer = RawMemory.allocate(UInt8.self, count: count + NativeScanner.padding) else {
            throw RawMemory.exhausted(count + NativeScanner.padding)
        }
        RawMemory.prefault(buffer, count: count)
        (buffer + count).initialize(repeating: 0, count: NativeScanner.padding)
        return buffer
    }

    deinit {
        RawMemory.free(copy)
        RawMemory.free(tape)
    }

    /// The tape index of the top-level value.
    static let root = 0

    // The reading API, answered by the view; see `TapeView` for each.

    @inline(__always) func entry(_ index: Int) -> TapeEntry { view.entry(index) }
    @inline(__always) func next(after index: Int) -> Int { view.next(after: index) }
    func count(of index: Int) -> Int { view.count(of: index) }
    func member(of index: Int, key: String) -> Int? { lookupTables.member(of: index, key: key, in: view) }
    func element(of index: Int, at position: Int) -> Int? {
        lookupTables.element(of: index, at: position, in: view)
    }
    func text(at index: Int) -> UnsafeBufferPointer<UInt8> { view.text(at: index) }
    func string(at index: Int) -> String { view.string(at: index) }

    @inline(__always)
    func forEachElement(of index: Int, _ body: (Int, Int) throws -> Void) rethrows {
        try view.forEachElement(of: index, body)
    }

    func forEachMember(of index: Int, _ body: (String, Int) throws -> Void) rethrows {
        try view.forEachMember(of: index, body)
    }
}
