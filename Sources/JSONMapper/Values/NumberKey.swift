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

// MARK: Hashing and comparing without building a key

extension NumberKey {
    /// Hashes the key's fields. Written out (rather than synthesized) so that ``hash(text:into:)`` can feed the same
    /// bytes without building the key.
    func hash(into hasher: inout Hasher) {
        hasher.combine(negative)
        hasher.combine(digits.count)
        digits.withUnsafeBytes { hasher.combine(bytes: $0) }
        switch power {
        case .small(let value):
            hasher.combine(0 as UInt8)
            hasher.combine(value)
        case .large(let negative, let digits):
            hasher.combine(1 as UInt8)
            hasher.combine(negative)
            hasher.combine(digits.count)
            digits.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Feeds `hasher` exactly what `NumberKey(text).hash(into:)` feeds it, without allocating when the value's power
    /// of ten is small (any exponent written with at most 17 significant digits, and the result below 10^17): the
    /// digits are hashed where they lie in the text. Diffs hash every number of the arrays they align.
    static func hash(text: String, into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hash(bytes: $0, into: &hasher) }
    }

    static func hash(bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
        let n = bytes.count
        var i = 0
        let negativeText = i < n && bytes[i] == UInt8(ascii: "-")
        if negativeText { i += 1 }
        // The mantissa: digits with at most one point. Its significant digits run from the first non-zero digit to
        // the last; the point, if it falls between them, is skipped when hashing.
        var point: Int?
        var first: Int?
        var last = 0
        var fractionCount = 0
        var trailingZeros = 0
        while i < n, Digits.isDigit(bytes[i]) || (bytes[i] == UInt8(ascii: ".") && point == nil) {
            if bytes[i] == UInt8(ascii: ".") {
                point = i
            } else {
                if point != nil { fractionCount += 1 }
                if bytes[i] == UInt8(ascii: "0") {
                    trailingZeros += 1
                } else {
                    if first == nil { first = i }
                    last = i
                    trailingZeros = 0
                }
            }
            i += 1
        }
        guard let first, let base = bytes.baseAddress.map(UnsafeRawPointer.init) else {
            // Zero, whatever its sign or text: the fields of the zero key (no digits, power 0).
            hasher.combine(false)
            hasher.combine(0)
            hasher.combine(0 as UInt8)
            hasher.combine(0)
            return
        }
        // The written exponent, as at most 17 significant digits; more go the general way.
        var exponentNegative = false
        var exponent = 0
        var exponentDigits = 0
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < n, Digits.isDigit(bytes[i]) {
                if exponentDigits > 0 || bytes[i] != UInt8(ascii: "0") {
                    exponentDigits += 1
                    if exponentDigits > 17 { return NumberKey(bytes: bytes).hash(into: &hasher) }
                    exponent = exponent * 10 + Int(bytes[i] &- UInt8(ascii: "0"))
                }
                i += 1
            }
        }
        let adjustment = trailingZeros - fractionCount
        let power = exponentNegative ? adjustment - exponent : adjustment + exponent
        guard power.magnitude < 100_000_000_000_000_000 else { return NumberKey(bytes: bytes).hash(into: &hasher) }
        let splitByPoint = point.map { $0 > first && $0 < last } ?? false
        hasher.combine(negativeText)
        hasher.combine(last - first + 1 - (splitByPoint ? 1 : 0))
        if splitByPoint, let point {
            hasher.combine(bytes: UnsafeRawBufferPointer(start: base + first, count: point - first))
            hasher.combine(bytes: UnsafeRawBufferPointer(start: base + point + 1, count: last - point))
        } else {
            hasher.combine(bytes: UnsafeRawBufferPointer(start: base + first, count: last - first + 1))
        }
        hasher.combine(0 as UInt8)
        hasher.combine(power)
    }

    /// Whether `text` is an integer in its one canonical spelling: `0`, or an optional `-` and digits without a
    /// leading zero (not `-0`). Two such texts have the same value exactly when they are the same text.
    static func isCanonicalInteger(_ text: String) -> Bool {
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        guard let lead = utf8.first, utf8.allSatisfy(Digits.isDigit) else { return false }
        if lead == UInt8(ascii: "0") { return utf8.count == 1 && text.utf8.count == 1 }
        return true
    }
}

