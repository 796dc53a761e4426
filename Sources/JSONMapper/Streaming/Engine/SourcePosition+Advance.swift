extension SourcePosition {
    /// The line and column reached from (`line`, `column`) after `count` bytes at `bytes`, counted as
    /// ``lineAndColumn(of:in:count:)`` counts them (a new line after each `\n`, a column for each byte that is not a
    /// UTF-8 continuation byte), eight bytes at a time.
    static func advance(
        line: Int, column: Int, over bytes: UnsafePointer<UInt8>, count: Int
    ) -> (line: Int, column: Int) {
        // The column restarts after the last newline: find it, then count the lines before it.
        guard let last = lastNewline(bytes, count: count) else {
            return (line, column + count - continuationBytes(bytes, count: count))
        }
        let lines = newlines(bytes, count: last + 1)
        let tail = count - last - 1
        return (line + lines, 1 + tail - continuationBytes(bytes + last + 1, count: tail))
    }

    /// The index of the last `\n` among `count` bytes, searched eight bytes at a time from the end.
    static func lastNewline(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        var i = count
        while i >= 8 {
            let word = Digits.load(bytes + i - 8)
            let found = zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            if found != 0 { return i - 8 + (63 - found.leadingZeroBitCount) / 8 }
            i -= 8
        }
        while i > 0 {
            i -= 1
            if bytes[i] == UInt8(ascii: "\n") { return i }
        }
        return nil
    }

    /// The number of `\n` bytes among `count` bytes.
    static func newlines(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        countMatches(bytes, count: count, inWord: { zeroBytes($0 ^ 0x0A0A_0A0A_0A0A_0A0A) }) {
            $0 == UInt8(ascii: "\n")
        }
    }

    /// The number of UTF-8 continuation bytes (`10xxxxxx`) among `count` bytes.
    static func continuationBytes(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        countMatches(bytes, count: count, inWord: { $0 & ~($0 << 1) & 0x8080_8080_8080_8080 }) { $0 & 0xC0 == 0x80 }
    }

    /// The number of bytes among `count` that `matches` accepts, eight at a time while eight remain: `inWord` gives
    /// a word with one bit set for each byte of its argument that matches.
    @inline(__always)
    private static func countMatches(
        _ bytes: UnsafePointer<UInt8>, count: Int, inWord: (UInt64) -> UInt64, _ matches: (UInt8) -> Bool
    ) -> Int {
        var n = 0
        var i = 0
        while i + 8 <= count {
            n += inWord(Digits.load(bytes + i)).nonzeroBitCount
            i += 8
        }
        while i < count {
            if matches(bytes[i]) { n += 1 }
            i += 1
        }
        return n
    }

    /// The top bit set in each byte of `word` that is zero, exactly (no borrows between bytes).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }
}
