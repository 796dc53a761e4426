import Foundation

// Strings: `"`, `\` and U+0000–U+001F escaped (the short forms where JSON has them, `\u00XX` otherwise), everything
// else copied as UTF-8; `/` and non-ASCII characters escaped only when the settings ask.

extension JSONWriter {
    /// Writes `text` as a JSON string, quotes included.
    @inline(__always)
    mutating func writeString(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0) }) {
            return done
        }
        var copy = text
        copy.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes UTF-8 text as a JSON string, quotes included. Never inlined: the escaping loop is large, and inlined
    /// into `beginMember` it made the compiler call out for the record that follows.
    @inline(never)
    mutating func writeString(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard reserve(text.count + 2) else { return }
        appendReserved(UInt8(ascii: "\""))
        writeStringContent(utf8: text)
        append(UInt8(ascii: "\""))
    }

    /// Writes WTF-8 text as a JSON string, quotes included: UTF-8 in which a lone UTF-16 surrogate (which a JSON
    /// escape such as `\uD800` can stand for, but no Unicode scalar) is encoded like a scalar, in three bytes
    /// `ED A0 80`–`ED BF BF`. Each is written as its escape again, so that no code unit is lost.
    mutating func writeString(wtf8 text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress, let first = Self.surrogate(in: text, from: 0) else {
            return writeString(utf8: text)
        }
        guard reserve(text.count + 2) else { return }
        appendReserved(UInt8(ascii: "\""))
        var runStart = 0
        var next: Int? = first
        while let surrogate = next {
            writeStringContent(utf8: UnsafeBufferPointer(start: source + runStart, count: surrogate - runStart))
            let unit = UInt16(source[surrogate] & 0x0F) << 12 | UInt16(source[surrogate + 1] & 0x3F) << 6
                | UInt16(source[surrogate + 2] & 0x3F)
            writeUnicodeEscape(unit)
            runStart = surrogate + 3
            next = Self.surrogate(in: text, from: runStart)
        }
        writeStringContent(utf8: UnsafeBufferPointer(start: source + runStart, count: text.count - runStart))
        append(UInt8(ascii: "\""))
    }

    /// The offset of the first encoded surrogate in WTF-8 `text` at or after `start`, or `nil`.
    private static func surrogate(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while i + 2 < text.count {
            if text[i] == 0xED && text[i + 1] >= 0xA0 { return i }
            i += 1
        }
        return nil
    }

    /// Writes UTF-8 text between a string's quotes, escaped: plain runs are copied eight bytes at a time.
    @inline(__always)
    private mutating func writeStringContent(utf8 text: UnsafeBufferPointer<UInt8>) {
        let n = text.count
        guard let source = text.baseAddress else { return }
        let wordScan = !settings.escapesNonASCII
        let slashes = settings.escapesSlashes
        var i = 0
        var runStart = 0
        while i < n {
            if wordScan, i + 8 <= n, !Self.mayNeedEscape(Digits.load(source + i), slashes: slashes) {
                i += 8
                continue
            }
            let byte = source[i]
            guard needsEscape(byte) else {
                i += 1
                continue
            }
            copyRun(source + runStart, count: i - runStart)
            if byte >= 0x80 {
                i += writeEscapedScalar(source + i, available: n - i)
            } else {
                writeEscape(byte)
                i += 1
            }
            runStart = i
        }
        copyRun(source + runStart, count: n - runStart)
    }

    /// Whether any of the eight bytes of `word` is a control character, `"` or `\`, or `/` when `slashes` is set
    /// (no false negatives).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64, slashes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // A byte below 0x20 (ASCII only; bytes with the top bit set are never below 0x20).
        let control = (word &- ones &* 0x20) & ~word
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        var found = control | quoteZero | backslashZero
        if slashes {
            let slash = word ^ (ones &* 0x2F)
            found |= (slash &- ones) & ~slash
        }
        return found & highs != 0
    }

    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"): true
        case UInt8(ascii: "/"): settings.escapesSlashes
        case 0x80...: settings.escapesNonASCII
        default: false
        }
    }

    @inline(__always)
    private mutating func copyRun(_ start: UnsafePointer<UInt8>, count run: Int) {
        guard run > 0, reserve(run) else { return }
        (base + count).update(from: start, count: run)
        advance(run)
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case UInt8(ascii: "/"): append("\\/")
        case 0x0A: append("\\n")
        case 0x09: append("\\t")
        case 0x0D: append("\\r")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default: writeUnicodeEscape(UInt16(byte))
        }
    }

    /// Writes `\uXXXX` with upper-case hex digits (lower-case in `JSONEncoder`'s style).
    private mutating func writeUnicodeEscape(_ unit: UInt16) {
        let hex: StaticString = settings.foundationStyle ? "0123456789abcdef" : "0123456789ABCDEF"
        guard reserve(6) else { return }
        appendReserved(UInt8(ascii: "\\"))
        appendReserved(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            appendReserved(hex.utf8Start[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }

    /// Writes the non-ASCII scalar whose UTF-8 starts at `bytes` as `\uXXXX` (two of them, a surrogate pair, above
    /// U+FFFF) and returns how many bytes it took. Swift strings hold valid UTF-8 only.
    private mutating func writeEscapedScalar(_ bytes: UnsafePointer<UInt8>, available: Int) -> Int {
        let lead = UInt32(bytes[0])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard length <= available else { return available }
        var scalar = lead & (0xFF >> (length + 1))
        for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[k] & 0x3F) }
        if scalar > 0xFFFF {
            let offset = scalar - 0x1_0000
            writeUnicodeEscape(UInt16(0xD800 + (offset >> 10)))
            writeUnicodeEscape(UInt16(0xDC00 + (offset & 0x3FF)))
        } else {
            writeUnicodeEscape(UInt16(scalar))
        }
        return length
    }
}
