/// A hash of a key's bytes, all of them, keyed by secrets that are random for each process, for the hash tables
/// that index members (the native engine's member lookup and `MemberTable`, the writer's member index).
///
/// Those tables use open addressing, so keys that share a slot make every insertion and lookup walk past each other:
/// a document of `n` such keys costs `n²/2` comparisons. A hash of only part of a key (its first and last bytes), or
/// of the whole key with fixed constants, lets anyone who sends JSON pick keys that share a slot, and 100,000 of them
/// take a minute to index. Keyed by secrets that the sender cannot know, the slots of keys chosen in advance are as
/// scattered as those of any other keys.
///
/// The secrets come from Swift's own per-process random hashing seed (the one `Dictionary` uses), so
/// `SWIFT_DETERMINISTIC_HASHING` makes them, like `Dictionary`'s order, repeatable. The mixing step multiplies two
/// 64-bit words into 128 bits and folds the halves together: one `mul` instruction, so that a short key, the usual
/// one, costs about what the unkeyed hash of its first and last eight bytes used to.
struct KeyHash {
    private let first: UInt64
    private let second: UInt64

    /// The secrets of this process.
    static let process = KeyHash()

    private init() {
        var a = Hasher()
        a.combine(0x243F_6A88_85A3_08D3 as UInt64)
        var b = Hasher()
        b.combine(0x1319_8A2E_0370_7344 as UInt64)
        first = UInt64(UInt(bitPattern: a.finalize()))
        second = UInt64(UInt(bitPattern: b.finalize()))
    }

    /// The hash of the `count` bytes at `bytes`.
    @inline(__always)
    func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count <= 16 {
            let (head, tail) = Self.shortWords(bytes, count: count)
            return mix(head: head, tail: tail, count: count, state: second)
        }
        return longHash(bytes, count: count)
    }

    /// The hash of `bytes`.
    @inline(__always)
    func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return mix(head: 0, tail: 0, count: 0, state: second) }
        return hash(base, count: bytes.count)
    }

    /// The hash of a key shorter than eight bytes that has at least seven readable bytes after it (a key in a
    /// ``NativeDocument``, followed by its padding or, before the split of one read in place, by the document's
    /// last bytes): read as one word and masked, instead of byte by byte. Equal to ``hash(_:count:)`` of the same
    /// bytes.
    @inline(__always)
    func hash(paddedShort bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let word = Digits.load(bytes) & ((1 &<< (8 &* UInt64(truncatingIfNeeded: count))) &- 1)
        return mix(head: word, tail: 0, count: count, state: second)
    }

    /// The words that stand for a key of at most 16 bytes: its first and last eight bytes (overlapping when it has
    /// fewer than 16), or for a shorter key all its bytes in `head`, first byte lowest. Together with the length they
    /// tell every such key apart.
    @inline(__always)
    private static func shortWords(_ p: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        if count >= 8 { return (Digits.load(p), Digits.load(p + count - 8)) }
        if count >= 4 {
            let low = UInt64(UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: UnsafeRawPointer(p + count - 4).loadUnaligned(as: UInt32.self)))
            // The two words overlap by 8 - count bytes; shifted so, they rebuild the key's bytes in order.
            return (low | high << (8 &* UInt64(truncatingIfNeeded: count - 4)), 0)
        }
        var head: UInt64 = 0
        for k in 0..<count { head |= UInt64(p[k]) << (8 &* UInt64(truncatingIfNeeded: k)) }
        return (head, 0)
    }

    /// A key of more than 16 bytes: each 16-byte block folded into the state, then the last 16 bytes (which may
    /// overlap the block before them) with the length.
    @inline(never)
    private func longHash(_ p: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var state = second
        var i = 0
        while count - i > 16 {
            state = Self.fold(Digits.load(p + i) ^ first, Digits.load(p + i + 8) ^ state)
            i += 16
        }
        return mix(head: Digits.load(p + count - 16), tail: Digits.load(p + count - 8), count: count, state: state)
    }

    /// The last step: the final words, the length and the state, folded twice so that every input bit reaches the
    /// low bits that pick a slot.
    @inline(__always)
    private func mix(head: UInt64, tail: UInt64, count: Int, state: UInt64) -> UInt64 {
        let folded = Self.fold(head ^ first, tail ^ state)
        return Self.fold(folded ^ UInt64(truncatingIfNeeded: count) ^ second, first ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The 128-bit product of `a` and `b`, its halves folded together by exclusive or.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }
}
