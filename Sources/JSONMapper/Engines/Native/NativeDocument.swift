// Engines/Native/ owns the native engine: the scanner (NativeScanner, RFC 8259 in one pass onto a tape), the tape
// and its view, member lookup (TapeView+MemberLookup, MemberTable, ObjectLookup) and this document.

import Foundation

/// A JSON document parsed by the native engine: its bytes and the tape that indexes them.
///
/// Immutable once made, so it can be read from any thread. Values are located through tape indices; strings and
/// numbers are decoded from the bytes only when a getter asks for them.
final class NativeDocument: @unchecked Sendable {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let tape: UnsafeMutablePointer<UInt64>
    /// The document's bytes and tape, for reading: a plain value, so that the hot paths read it without retaining
    /// the document.
    let view: TapeView
    /// The most memory the engine held for this document at once, in bytes: the copy of the input and the tape
    /// (while it was built). What getters then create belongs to the models.
    let peakBytes: Int
    /// The nesting the scan allowed: no value of the document is deeper.
    let maximumDepth: Int
    /// Where the elements of large arrays and the members of large objects are, made as paths read them.
    let lookupTables = LookupTables()

    /// Takes ownership of `bytes` (allocated by ``RawMemory``), which must hold `byteCount` bytes followed by
    /// ``NativeScanner/padding`` zero bytes, and scans them.
    ///
    /// - Throws: The first syntax error, or the memory that could not be had, as a ``EngineError``; `bytes` is freed.
    init(
        adopting bytes: UnsafeMutablePointer<UInt8>, count byteCount: Int, maximumDepth: Int
    )
        throws(EngineError)
    {
        do throws(EngineError) {
            let scanner = try NativeScanner(bytes: bytes, count: byteCount, maximumDepth: maximumDepth)
            guard let tape = try scanner.scan().take() else { throw RawMemory.exhausted(0) }
            self.tape = tape.entries
            peakBytes = byteCount + NativeScanner.padding + tape.peakBytes
        } catch {
            RawMemory.free(bytes)
            throw error
        }
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        view = TapeView(tape: tape, bytes: bytes, byteCount: byteCount)
    }

    /// Copies `data` and scans it.
    convenience init(data: Data, maximumDepth: Int) throws(EngineError) {
        let count = data.count
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
        RawMemory.free(bytes)
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
