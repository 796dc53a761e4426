/// Eight ASCII digits at a time, in one 64-bit word (SWAR), for the scanner and the number parsers.
enum Digits {
    /// The eight bytes at `p` as a little-endian word.
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Whether all eight bytes of `word` are ASCII digits: each has high nibble 3, and adding 6 to its low nibble
    /// does not carry (so it is at most 9).
    @inline(__always)
    static func allDigits(_ word: UInt64) -> Bool {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        return word & highNibbles == threes && (word &+ 0x0606_0606_0606_0606) & highNibbles == threes
    }

    /// The value of eight ASCII digits, the first in the lowest byte: pairs, then quads, then the whole.
    @inline(__always)
    static func value(ofEight word: UInt64) -> UInt64 {
        var v = word &- 0x3030_3030_3030_3030
        v = (v &* 10 &+ (v >> 8)) & 0x00FF_00FF_00FF_00FF  // two-digit values in each 16-bit lane
        v = (v &* 100 &+ (v >> 16)) & 0x0000_FFFF_0000_FFFF  // four-digit values in each 32-bit lane
        return (v &* 10_000 &+ (v >> 32)) & 0xFFFF_FFFF  // the eight-digit value
    }
}
