/// The kind of one tape entry, stored in the entry's top four bits.
enum TapeTag: UInt64 {
    case null = 0
    case `false` = 1
    case `true` = 2
    /// A number written with digits only (`-12`, `0`).
    case integer = 3
    /// A number with a fraction or an exponent (`1.5`, `1e3`).
    case float = 4
    /// A string without escape sequences: its bytes are its UTF-8.
    case string = 5
    /// A string with at least one escape sequence, decoded on demand.
    case escapedString = 6
    case object = 7
    case array = 8
}

/// One 64-bit entry of the flat tape the native scanner produces: one entry per value, in document order.
///
/// Layout, from the top bit down:
/// - bits 60–63: the ``TapeTag``;
/// - bits 32–55: for strings and numbers, the length in bytes (saturated at ``saturated``, in which case it is
///   measured again from the text); for objects and arrays, the number of members or elements (saturated the same
///   way, then counted on demand);
/// - bits 0–31: for scalars, the byte offset of the value's first byte (after the quote for strings); for objects
///   and arrays, the index of the first tape entry after the container.
///
/// An object's members follow its entry as key, value, key, value…; a key is a string entry.
struct TapeEntry {
    static let saturated: UInt64 = 0xFF_FFFF

    let bits: UInt64

    init(bits: UInt64) {
        self.bits = bits
    }

    init(tag: TapeTag, middle: Int, low: Int) {
        // The scanner reads documents below 4 GiB only, so offsets and end indices fit the low 32 bits; lengths and
        // counts saturate the middle 24 instead of wrapping.
        check(middle >= 0 && low >= 0 && low <= Int(UInt32.max), "tape fields out of range: \(middle), \(low)")
        let m = UInt64(truncatingIfNeeded: middle)
        bits =
            tag.rawValue << 60 | (m < Self.saturated ? m : Self.saturated) << 32
            | UInt64(UInt32(truncatingIfNeeded: low))
    }

    /// The entry's kind. Every entry is written from a `TapeTag`, so its top bits always hold one of the nine raw
    /// values, which are also the cases' declaration order, the order Swift numbers them in memory: the cast is
    /// a no-op, where `TapeTag(rawValue:)` is a call with a switch on every tape read. `TapeTests` checks the
    /// correspondence for every case.
    @inline(__always)
    var tag: TapeTag {
        unsafeBitCast(UInt8(truncatingIfNeeded: bits >> 60), to: TapeTag.self)
    }

    /// Whether the entry is an object or an array, whose `low` bits are the index after its contents.
    @inline(__always)
    var isContainer: Bool {
        bits >> 60 >= TapeTag.object.rawValue
    }

    /// Length of a scalar or count of a container; ``saturated`` when it did not fit.
    var middle: Int { Int((bits >> 32) & Self.saturated) }

    /// Offset of a scalar or end index of a container.
    var low: Int { Int(bits & 0xFFFF_FFFF) }
}

extension TapeEntry {
    /// The length in bytes of the string (without quotes) or number this entry stands for: the tape's length, or,
    /// when that saturated, the length measured from the text, never reaching past `count` bytes.
    @inline(__always)
    func textLength(in bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        let stored = middle
        return stored == Int(Self.saturated) ? measure(in: bytes, count: count) : stored
    }

    private func measure(in bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var i = low
        switch tag {
        case .string, .escapedString:
            while i < count, bytes[i] != UInt8(ascii: "\"") {
                i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            }
        default:
            // Runs of digits eight bytes at a time, then the sign, point or exponent mark after each.
            let text = UnsafeBufferPointer(start: bytes, count: count)
            while true {
                i = Digits.endOfDigits(in: text, from: i)
                guard i < count, Self.isNumberByte(bytes[i]) else { break }
                i += 1
            }
        }
        return min(i, count) - low
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }
}

/// A growable buffer of tape entries, 8 bytes each in a ``ByteBuffer``, owned by whoever takes it with ``take()``.
/// (A check writes none: ``CheckOutput``.)
struct TapeBuffer: ~Copyable {
    /// The entries' memory. Its `count` is brought up to date from `next` only when it is grown or taken.
    private var buffer: ByteBuffer
    /// Where the next entry goes, and where the last whole entry that fits ends: an append compares the two, with
    /// no count or capacity to load and subtract.
    private var next: UnsafeMutableRawPointer
    private var limit: UnsafeMutableRawPointer

    /// The first block's capacity for a document of `byteCount` bytes: about one value per 8 bytes of input, which
    /// typical JSON does not outgrow (untouched pages of a large block cost no memory).
    static func initialCapacity(forInputBytes byteCount: Int) -> Int {
        byteCount / 8 + 16
    }

    /// The capacity in entries after the tape outgrows `capacity`: the buffers' one growth policy, in whole entries.
    static func grownCapacity(_ capacity: Int) -> Int {
        let bytes = capacity * MemoryLayout<UInt64>.stride
        return ByteBuffer.grownCapacity(bytes, toHold: bytes + MemoryLayout<UInt64>.stride)
            / MemoryLayout<UInt64>.stride
    }

    /// - Throws: When even the first block cannot be allocated.
    init(estimatedCount: Int) throws(EngineError) {
        let capacity = max(16, estimatedCount)
        do {
            buffer = try ByteBuffer(capacity: capacity * MemoryLayout<UInt64>.stride)
        } catch {
            throw RawMemory.exhausted(error.bytes)
        }
        (next, limit) = Self.bounds(of: buffer)
    }

    /// Where the next entry of `buffer` goes, after its `count` bytes, and the end of its last whole entry.
    private static func bounds(of buffer: borrowing ByteBuffer) -> (UnsafeMutableRawPointer, UnsafeMutableRawPointer) {
        let base = UnsafeMutableRawPointer(buffer.base)
        return (base + buffer.count, base + (buffer.capacity & ~(MemoryLayout<UInt64>.stride - 1)))
    }

    /// The entries written so far.
    var count: Int {
        @inline(__always) get { (next - UnsafeMutableRawPointer(buffer.base)) &>> 3 }
    }

    @inline(__always)
    mutating func append(_ entry: TapeEntry) throws(EngineError) {
        // The capacity may end in part of an entry (it grows by half, in bytes): that part is never used.
        if next == limit { try grow() }
        check(
            next >= UnsafeMutableRawPointer(buffer.base)
                && next + 8 <= UnsafeMutableRawPointer(buffer.base) + buffer.capacity,
            "tape entry past the reserved capacity")
        next.storeBytes(of: entry.bits, as: UInt64.self)
        next += MemoryLayout<UInt64>.stride
    }

    @inline(__always)
    mutating func set(_ index: Int, _ entry: TapeEntry) {
        check(index >= 0 && index < count, "tape index \(index) outside \(count) entries")
        UnsafeMutableRawPointer(buffer.base).storeBytes(
            of: entry.bits, toByteOffset: index &* MemoryLayout<UInt64>.stride, as: UInt64.self)
    }

    @inline(__always)
    subscript(index: Int) -> TapeEntry {
        check(index >= 0 && index < count, "tape index \(index) outside \(count) entries")
        return TapeEntry(
            bits: UnsafeRawPointer(buffer.base).load(
                fromByteOffset: index &* MemoryLayout<UInt64>.stride, as: UInt64.self))
    }

    // Never inlined: the scanner appends in seven places, and this cold path inlined at each of them (as the compiler
    // chose once the scanner was generic over its output) made the parse 2-4 % slower in instructions.
    @inline(never)
    private mutating func grow() throws(EngineError) {
        buffer.count = count &* MemoryLayout<UInt64>.stride
        let capacity = buffer.capacity
        guard buffer.reserve(MemoryLayout<UInt64>.stride) else {
            let wanted = ByteBuffer.grownCapacity(capacity, toHold: buffer.count + MemoryLayout<UInt64>.stride)
            throw RawMemory.exhausted(wanted - capacity)
        }
        (next, limit) = Self.bounds(of: buffer)
    }

    /// Hands the entries over to the caller, who must free them with ``RawMemory/free(_:)``, in the block they were
    /// written to, not trimmed. The document never touches the pages past its last entry: in a freshly mapped block
    /// they hold no memory (in a block `malloc` recycled, they stay the document's until it is freed). Trimming
    /// cost more than it gave back: a block shrunk by `realloc` raises glibc's mmap threshold only to its shrunk
    /// size when it is freed, so the next document's first block, sized from its input, was mapped afresh and
    /// faulted in page by page, about 50 faults per twitter.json mapping in a loop of one document at a time
    /// (BENCHMARKS.md, "Fourteenth session").
    ///
    /// - Returns: The entries, their count, and the most bytes the buffer held: its largest capacity, which is the
    ///   peak when growing reallocates in place or by remapping; a growth on the heap that `realloc`
    ///   must copy briefly holds the old block too, which this does not count (see ``RawMemory``). `nil` only if
    ///   the buffer had no memory, which a tape, whose first block its initializer allocates, never lacks.
    consuming func take() -> (entries: UnsafeMutablePointer<UInt64>, count: Int, peakBytes: Int)? {
        let count = count
        buffer.count = count &* MemoryLayout<UInt64>.stride
        guard let taken = buffer.take(trimmed: false) else { return nil }
        let entries = UnsafeMutableRawPointer(taken.bytes).bindMemory(to: UInt64.self, capacity: max(1, count))
        return (entries, count, taken.capacity)
    }
}
