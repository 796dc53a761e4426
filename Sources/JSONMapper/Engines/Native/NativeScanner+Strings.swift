extension NativeScanner {
    /// The message for a string that the end of input cuts off, always reported at the end of input.
    static let unterminatedString = "unterminated string: expected '\"', found end of input"

    /// Validates the string whose opening quote is at `start` and appends its entry (when `Output` keeps a tape);
    /// returns the index after the closing quote.
    ///
    /// Checks RFC 8259's rules: no unescaped control characters, only the defined escapes, `\u` followed by four
    /// hex digits, and well-formed UTF-8 (no overlong forms, no encoded surrogates, nothing above U+10FFFF).
    /// Escaped lone surrogates (`"\uD800"`) are grammatical JSON and pass; decoding turns them into U+FFFD.
    mutating func string<Output: ScanOutput>(at start: Int, _: Output.Type) throws(EngineError) -> Int {
        let first = start + 1
        var i = first
        var escaped = false
        while true {
            i = plainRun(from: i)
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                try record(
                    TapeEntry(tag: escaped ? .escapedString : .string, middle: i - first, low: origin + first),
                    Output.self)
                return i + 1
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                i = try escape(at: i)
            } else if byte < 0x20 {
                if i >= count { break }
                throw error(
                    at: i, "control character \(Self.unicodeName(byte)) must be escaped in a string", inValue: true)
            } else if byte < 0x80 {
                i += 1
            } else {
                // Text in most scripts is a run of multi-byte characters: validate the run without leaving here.
                repeat {
                    if Self.areTwoPlainThreeByteSequences(Digits.load(bytes + i)) {
                        i += 6
                        continue
                    }
                    let length = Self.validUTF8Length(bytes + i)
                    if length == 0 { i = try utf8Sequence(at: i) } else { i += length }
                } while bytes[i] >= 0x80
            }
        }
        throw error(at: count, Self.unterminatedString, inValue: true)
    }

    /// The index of the first byte at or after `start` that is a quote, a backslash, a control character or
    /// non-ASCII, skipping eight plain ASCII bytes at a time; `start` must be at most `count`.
    ///
    /// The loop needs no bounds check: the padding's zero bytes are control characters, so a word that reaches past
    /// the input always stops the loop, at an index of at most `count`, and no word is read from beyond
    /// `count + 7`. Every caller keeps `start <= count` (the scanner only steps over bytes it has seen to be
    /// non-zero), so a bounds check here would only cost a comparison per word.
    @inline(__always)
    func plainRun(from start: Int) -> Int {
        var i = start
        while true {
            let special = Self.specialStringBytes(in: Digits.load(bytes + i))
            if special != 0 { return i &+ special.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
    }

    /// A word with the top bit set in each byte that is `"`, `\`, below 0x20 or above 0x7F.
    /// Only the lowest flagged byte is exact (borrows can flag bytes above it), which is all the caller uses.
    @inline(__always)
    static func specialStringBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = word &- (ones &* 0x20)
        return (hasQuote | hasBackslash | hasControl | word) & highs
    }

    private func escape(at start: Int) throws(EngineError) -> Int {
        let byte = bytes[start + 1]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return start + 2
        case UInt8(ascii: "u"):
            for k in 2..<6 where start + k >= count || StringDecoding.hexValue(bytes[start + k]) == nil {
                throw error(
                    at: start + k,
                    "invalid \\u escape: expected 4 hex digits, found \(describeByte(at: start + k))", inValue: true)
            }
            return start + 6
        default:
            break
        }
        if start + 1 >= count {
            throw error(at: count, Self.unterminatedString, inValue: true)
        }
        throw error(at: start, "invalid escape sequence '\\\(Self.printable(byte))' in a string", inValue: true)
    }

    /// The length of the well-formed multi-byte UTF-8 sequence at `p`, or 0 when it is not well-formed (the caller
    /// then asks ``utf8Sequence(at:)`` for the precise error).
    ///
    /// The four bytes at `p` are read as one word and matched against the bit patterns of two-, three- and four-byte
    /// sequences, then checked for the forms the patterns let through (overlong, surrogates, above U+10FFFF). The
    /// word may reach into the zero padding after the input, which fails every continuation pattern, so a sequence
    /// cut off by the end of input is never accepted. The three-byte case, most of the text in CJK scripts, comes
    /// first.
    @inline(__always)
    static func validUTF8Length(_ p: UnsafePointer<UInt8>) -> Int {
        let word = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
        let lead = word & 0xFF
        let second = (word >> 8) & 0xFF
        if word & 0xC0C0F0 == 0x80_80E0 {  // 1110xxxx 10xxxxxx 10xxxxxx
            if lead == 0xE0 && second < 0xA0 { return 0 }  // overlong below U+0800
            if lead == 0xED && second > 0x9F { return 0 }  // UTF-16 surrogates
            return 3
        }
        if word & 0xC0E0 == 0x80C0 {  // 110xxxxx 10xxxxxx
            return lead >= 0xC2 ? 2 : 0  // C0 and C1 would be overlong
        }
        if word & 0xC0C0_C0F8 == 0x8080_80F0 {  // 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx
            if lead > 0xF4 { return 0 }  // above U+10FFFF
            if lead == 0xF0 && second < 0x90 { return 0 }  // overlong below U+10000
            if lead == 0xF4 && second > 0x8F { return 0 }  // above U+10FFFF
            return 4
        }
        return 0
    }

    /// Whether the first six of the eight bytes in `word` (little-endian) are two well-formed three-byte sequences
    /// whose lead bytes are neither 0xE0 nor 0xED: those two are the only leads whose second byte has a narrower
    /// range than 0x80...0xBF, so for any other the bit patterns are the whole check.
    ///
    /// Most CJK text is such pairs, so taking them two at a time halves the steps for it. The caller reads the word at
    /// a byte of at least 0x80, so before `count`, and the word ends within the padding; padding zeros fail the
    /// continuation pattern.
    @inline(__always)
    static func areTwoPlainThreeByteSequences(_ word: UInt64) -> Bool {
        // 1110xxxx 10xxxxxx 10xxxxxx 1110xxxx 10xxxxxx 10xxxxxx, first byte lowest.
        guard word & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 else { return false }
        let first = word & 0xFF
        let second = (word >> 24) & 0xFF
        return first != 0xE0 && first != 0xED && second != 0xE0 && second != 0xED
    }

    /// Validates one multi-byte UTF-8 sequence whose lead byte is at `start`, throwing the precise error.
    private func utf8Sequence(at start: Int) throws(EngineError) -> Int {
        let lead = bytes[start]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0...0xEF:
            length = 3
            if lead == 0xE0 { low = 0xA0 }  // overlong below U+0800
            if lead == 0xED { high = 0x9F }  // UTF-16 surrogates
        case 0xF0...0xF4:
            length = 4
            if lead == 0xF0 { low = 0x90 }  // overlong below U+10000
            if lead == 0xF4 { high = 0x8F }  // above U+10FFFF
        default:
            throw error(at: start, "invalid UTF-8: byte \(Self.hex(lead)) cannot start a character", inValue: true)
        }
        for k in 1..<length {
            let byte = bytes[start + k]
            let bound: ClosedRange<UInt8> = k == 1 ? low...high : 0x80...0xBF
            guard bound.contains(byte) else {
                if start + k >= count {
                    throw error(at: count, Self.unterminatedString, inValue: true)
                }
                throw error(
                    at: start + k,
                    "invalid UTF-8: byte \(Self.hex(byte)) cannot follow \(Self.hex(bytes[start + k - 1]))",
                    inValue: true)
            }
        }
        return start + length
    }
}
