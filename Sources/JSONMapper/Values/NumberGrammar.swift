/// RFC 8259's number grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, in one place: the native
/// scanner validates every number with it (and reports what is wrong, where), and the streaming engine, the
/// coercions and `JSONValue.number` ask whether a text is exactly one number.
enum NumberGrammar {
    /// Why the bytes at a position are not (or no longer) a number.
    enum Failure {
        /// A `0` followed by another digit, at that digit.
        case leadingZero
        /// No digit where the integer part begins (after a `-`).
        case integerDigit
        /// No digit after the decimal point.
        case fractionDigit
        /// No digit in the exponent (after `e`, `E` and an optional sign).
        case exponentDigit
    }

    /// The number that starts at `start`: where it ends (or, with a failure, the index of the byte that breaks the
    /// grammar) and whether it has a fraction or an exponent.
    ///
    /// - Parameters:
    ///   - bytes: The text; only the bytes before `count` are part of it.
    ///   - padded: Whether at least eight readable zero bytes follow `count` (the native scanner's input): digit runs
    ///     are then found a word at a time without bounds checks, since a zero stops them. Either way the result is
    ///     the same.
    @inline(__always)
    static func match(
        _ bytes: UnsafePointer<UInt8>, from start: Int, count: Int, padded: Bool
    ) -> (end: Int, isFloat: Bool, failure: Failure?) {
        @inline(__always)
        func byte(_ i: Int) -> UInt8 {
            padded || i < count ? bytes[i] : 0
        }
        @inline(__always)
        func endOfDigits(from i: Int) -> Int {
            padded
                ? Digits.endOfDigits(padded: bytes, from: i)
                : Digits.endOfDigits(in: UnsafeBufferPointer(start: bytes, count: count), from: i)
        }
        var i = start
        var isFloat = false
        if byte(i) == UInt8(ascii: "-") { i &+= 1 }
        if byte(i) == UInt8(ascii: "0") {
            i &+= 1
            if Digits.isDigit(byte(i)) { return (i, false, .leadingZero) }
        } else if Digits.isDigit(byte(i)) {
            i = endOfDigits(from: i &+ 1)
        } else {
            return (i, false, .integerDigit)
        }
        if byte(i) == UInt8(ascii: ".") {
            isFloat = true
            i &+= 1
            guard Digits.isDigit(byte(i)) else { return (i, true, .fractionDigit) }
            i = endOfDigits(from: i &+ 1)
        }
        if byte(i) | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            i &+= 1
            if byte(i) == UInt8(ascii: "+") || byte(i) == UInt8(ascii: "-") { i &+= 1 }
            guard Digits.isDigit(byte(i)) else { return (i, true, .exponentDigit) }
            i = endOfDigits(from: i &+ 1)
        }
        return (i, isFloat, nil)
    }

    /// Whether `bytes` are exactly one JSON number (no spaces, no `+` in front).
    static func isJSONNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let match = match(base, from: 0, count: bytes.count, padded: false)
        return match.failure == nil && match.end == bytes.count
    }

    /// Whether `text` is exactly one JSON number.
    static func isJSONNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isJSONNumber)
    }
}

extension NumberText {
    /// Calls `body` with the number `text` spells, if `text` is exactly one JSON number (no spaces, no `+`).
    static func withJSONNumber<R>(in text: String, _ body: (NumberText) -> R) -> R? {
        var text = text
        return text.withUTF8 { bytes in NumberGrammar.isJSONNumber(bytes) ? body(NumberText(bytes: bytes)) : nil }
    }
}
