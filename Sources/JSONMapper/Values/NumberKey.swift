/// The mathematical value of a JSON number's text in one canonical form, for equality and hashing: sign,
/// significant digits without leading or trailing zeros, and the power of ten that scales them.
///
/// `1`, `1.0`, `1e0` and `10e-1` all become (+, "1", 0); zero is one key whatever its sign or text. The exponent is
/// exact however large it is written (`1e999999999999999999999` differs from `1e999999999999999999998`), and the
/// work and memory are proportional to the length of the text, never to the exponent's value.
struct NumberKey: Hashable {
    /// Whether the value is below zero (never for zero).
    var negative = false
    /// The significant digits as ASCII, empty for zero.
    var digits: [UInt8] = []
    /// The value is `digits × 10^power`.
    var power = Power.small(0)

    /// A power of ten: an `Int` when it has at most 17 digits, otherwise its sign and decimal digits.
    enum Power: Hashable {
        case small(Int)
        case large(negative: Bool, digits: [UInt8])
    }

    /// The key of `text`, a valid JSON number.
    init(_ text: String) {
        var text = text
        self = text.withUTF8 { NumberKey(bytes: $0) }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = bytes.count
        let negativeText = i < n && bytes[i] == UInt8(ascii: "-")
        if negativeText { i += 1 }
        var fractionCount = 0
        var inFraction = false
        while i < n, Digits.isDigit(bytes[i]) || (bytes[i] == UInt8(ascii: ".") && !inFraction) {
            if bytes[i] == UInt8(ascii: ".") {
                inFraction = true
            } else {
                if !digits.isEmpty || bytes[i] != UInt8(ascii: "0") { digits.append(bytes[i]) }
                if inFraction { fractionCount += 1 }
            }
            i += 1
        }
        var trailingZeros = 0
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            trailingZeros += 1
        }
        guard !digits.isEmpty else { return }  // zero: one key for every zero
        negative = negativeText
        // The written exponent, without its leading zeros.
        var exponentNegative = false
        var exponentDigits: [UInt8] = []
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < n, Digits.isDigit(bytes[i]) {
                if !exponentDigits.isEmpty || bytes[i] != UInt8(ascii: "0") { exponentDigits.append(bytes[i]) }
                i += 1
            }
        }
        let adjustment = trailingZeros - fractionCount
        power = Self.power(negative: exponentNegative, digits: exponentDigits, plus: adjustment)
    }

    /// `±digits + adjustment` in canonical form.
    private static func power(negative: Bool, digits: [UInt8], plus adjustment: Int) -> Power {
        if digits.count <= 17 {
            var value = 0
            for digit in digits { value = value * 10 + Int(digit &- UInt8(ascii: "0")) }
            return canonical(negative ? adjustment - value : adjustment + value)
        }
        // |written| ≥ 10^17 is far larger than |adjustment| (bounded by the text's length), so the sign stays the
        // written one and only the magnitude moves: by +adjustment for a positive exponent, -adjustment otherwise.
        let delta = negative ? -adjustment : adjustment
        var magnitude = digits
        var carry = delta  // added to the magnitude, digit by digit from the right
        var position = magnitude.count - 1
        while carry != 0, position >= 0 {
            var digit = Int(magnitude[position] &- UInt8(ascii: "0")) + carry % 10
            carry /= 10
            if digit < 0 {
                digit += 10
                carry -= 1
            } else if digit > 9 {
                digit -= 10
                carry += 1
            }
            magnitude[position] = UInt8(ascii: "0") + UInt8(digit)
            position -= 1
        }
        if carry > 0 { magnitude.insert(contentsOf: String(carry).utf8, at: 0) }
        let firstSignificant = magnitude.firstIndex { $0 != UInt8(ascii: "0") } ?? magnitude.count
        magnitude.removeFirst(firstSignificant)
        if magnitude.count <= 17 {
            var value = 0
            for digit in magnitude { value = value * 10 + Int(digit &- UInt8(ascii: "0")) }
            return canonical(negative ? -value : value)
        }
        return .large(negative: negative, digits: magnitude)
    }

    /// `.small` below 10^17 in magnitude, `.large` from there on, whichever way the value was computed.
    private static func canonical(_ value: Int) -> Power {
        let magnitude = value.magnitude
        if magnitude < 100_000_000_000_000_000 { return .small(value) }
        return .large(negative: value < 0, digits: Array(String(magnitude).utf8))
    }
}
