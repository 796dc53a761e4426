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

    /// A word with the top bit set in each byte of `word` that is not an ASCII digit, and no other bit set.
    ///
    /// A byte is a digit when adding 0x50 to its low seven bits sets the top bit (it is at least 0x30), adding 0x46
    /// does not (it is at most 0x39), and its own top bit is clear; the low seven bits never carry into the next byte.
    @inline(__always)
    static func nonDigitBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word & lows
        return (~(x &+ 0x5050_5050_5050_5050) | (x &+ 0x4646_4646_4646_4646) | word) & ~lows
    }

    /// The value of the digits at the start of the eight bytes at `p` (up to eight of them), and how many there are.
    /// The eight bytes must be readable.
    @inline(__always)
    static func leadingDigits(_ p: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
        leadingDigits(load(p))
    }

    /// The value of the digits at the start of `word` (its lowest bytes, up to eight of them), and how many there are.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (value: UInt64, count: Int) {
        let count = nonDigitBytes(word).trailingZeroBitCount >> 3
        guard count > 0 else { return (0, 0) }
        // Move the digits to the top bytes and fill the bytes below them with '0': eight digits of the same value.
        let shift = UInt64(8 * (8 - count))
        let zeros: UInt64 = 0x3030_3030_3030_3030 & ((1 << shift) &- 1)
        return (value(ofEight: word << shift | zeros), count)
    }

    /// Whether `byte` is an ASCII digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The index after the run of ASCII digits that starts at `start`, found a word at a time from a mask of the
    /// bytes that are not digits, with no bounds check: the bytes must be followed by readable zero bytes (the native
    /// scanner's padding), which end every run, or by a non-digit at least eight bytes before the end of what is
    /// readable (a value before the split of a document read in place).
    @inline(__always)
    static func endOfDigits(padded bytes: UnsafePointer<UInt8>, from start: Int) -> Int {
        var i = start
        while true {
            let nonDigits = nonDigitBytes(load(bytes + i))
            if nonDigits != 0 { return i &+ nonDigits.trailingZeroBitCount >> 3 }
            i &+= 8
        }
    }

    /// The index after the run of ASCII digits that starts at `i` (`i` itself when there is none), found eight
    /// bytes at a time: numbers of any length are read in a few passes over their text.
    static func endOfDigits(in bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        guard let base = bytes.baseAddress else { return i }
        let n = bytes.count
        var i = i
        while i + 8 <= n {
            let nonDigits = nonDigitBytes(load(base + i))
            if nonDigits != 0 { return i + nonDigits.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < n, isDigit(base[i]) { i += 1 }
        return i
    }

    /// Eight `0` digits.
    private static let eightZeros: UInt64 = 0x3030_3030_3030_3030

    /// The index of the first byte in `range` of `bytes` that is not `0`, or `nil` when they all are.
    static func firstNonZero(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let others = load(base + i) ^ eightZeros
            if others != 0 { return i + others.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < range.upperBound {
            if base[i] != UInt8(ascii: "0") { return i }
            i += 1
        }
        return nil
    }

    /// The index of the last byte in `range` of `bytes` that is not `0`, or `nil` when they all are.
    static func lastNonZero(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var end = range.upperBound
        while end - 8 >= range.lowerBound {
            let others = load(base + end - 8) ^ eightZeros
            if others != 0 { return end - 1 - others.leadingZeroBitCount >> 3 }
            end -= 8
        }
        while end > range.lowerBound {
            end -= 1
            if base[end] != UInt8(ascii: "0") { return end }
        }
        return nil
    }

    /// 10^k for k from 0 to 8.
    static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
}
