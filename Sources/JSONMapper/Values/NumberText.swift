// Values/ owns conversions of text to values and back, with no context and no public API: the number grammar
// (NumberGrammar), numbers from their text (NumberText, +Double, +Date, NumberKey, Digits, PowersOfFive), strings
// (StringDecoding, Quoting, ExactKey), dates (ISO8601Parser) and URLs (URIReference).

import Foundation

/// Why a JSON number could not become the type a getter asked for.
enum NumberIssue: Error, Equatable {
    /// The value has a fraction (`3.7` for an integer getter).
    case notWholeNumber
    /// The value is beyond the type's range (`1e30` for `Int`, `1e400` for `Double`).
    case outOfRange
    /// The value has more significant digits than `Decimal`'s 128-bit significand holds: more than 39, or 39 that
    /// exceed 2^128 − 1 (340282366920938463463374607431768211455).
    case tooManyDigits
    /// A string that is not an RFC 3986 URI reference, or that `URL(string:)` does not accept; the reason.
    case notAURL(String)

    /// The parenthesized note an error message adds after the number.
    var note: String {
        switch self {
        case .notWholeNumber: "not a whole number"
        case .outOfRange: "out of range"
        case .tooManyDigits: "more significant digits than Decimal holds"
        case .notAURL(let reason): "not a URL: \(reason)"
        }
    }
}

/// The text of one JSON number, validated by the scanner, converted exactly on demand.
///
/// Integers never pass through `Double`: `1e3` and `42.0` are whole numbers, `9007199254740993` stays itself.
/// All conversions take time linear in the length of the text, however many digits or exponent digits it has.
struct NumberText {
    let bytes: UnsafeBufferPointer<UInt8>

    /// The number as sign, significant digits and a power of ten, for exact conversions.
    struct Decomposition {
        var negative = false
        /// Indices in the text of the integer digits and of the fraction digits.
        var integerDigits: Range<Int> = 0..<0
        var fractionDigits: Range<Int> = 0..<0
        /// The written exponent, saturated at ±``NumberText/exponentLimit``.
        var exponent = 0
    }

    static let posix = Locale(identifier: "en_US_POSIX")

    /// Written exponents beyond this are saturated: 2^62, far beyond the length of any text in memory (under 2^57
    /// bytes on every 64-bit platform). What a conversion adds to the written exponent is a count of the text's
    /// digits, so the sum is exact whenever the written exponent is, never overflows `Int`, and when the written
    /// exponent saturated stays beyond ±2^61, where every type has overflowed or underflowed. Saturating lower
    /// loses the digit count: `1` and 100,000,001 zeros, then `e-100000001`, is exactly 1.
    static let exponentLimit = 1 << 62

    func decompose() -> Decomposition {
        var parts = Decomposition()
        var i = 0
        let n = bytes.count
        if i < n, bytes[i] == UInt8(ascii: "-") {
            parts.negative = true
            i += 1
        }
        let integerStart = i
        i = Digits.endOfDigits(in: bytes, from: i)
        parts.integerDigits = integerStart..<i
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            i = Digits.endOfDigits(in: bytes, from: i)
            parts.fractionDigits = fractionStart..<i
        }
        parts.exponent = Self.exponent(bytes, at: &i)
        return parts
    }

    /// The exponent part (`e-12`) at `i`, saturated at ±``exponentLimit``, or 0 when there is none; moves `i` past it.
    static func exponent(_ bytes: UnsafeBufferPointer<UInt8>, at i: inout Int) -> Int {
        let n = bytes.count
        guard i < n, bytes[i] | 0x20 == UInt8(ascii: "e") else { return 0 }
        i += 1
        var negative = false
        if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var exponent = 0
        while i < n, Digits.isDigit(bytes[i]) {
            let digit = Int(bytes[i] &- UInt8(ascii: "0"))
            exponent = exponent < exponentLimit / 10 ? min(exponent * 10 + digit, exponentLimit) : exponentLimit
            i += 1
        }
        return negative ? -exponent : exponent
    }

    /// The significant digits of a number (no leading or trailing zeros) and the power of ten that scales them:
    /// the value is `digits × 10^power`. Kept as a range of the text rather than a list, so that a number of any
    /// length costs no memory to examine.
    struct SignificantDigits {
        /// The text's bytes from the first significant digit to the last: digits, and the decimal point when they
        /// are on both sides of it. Empty for zero.
        var range: Range<Int> = 0..<0
        /// How many digits `range` holds.
        var count = 0
        var power = 0
    }

    /// The significant digits of `parts`.
    func significantDigits(_ parts: Decomposition) -> SignificantDigits {
        let first =
            Digits.firstNonZero(in: bytes, parts.integerDigits) ?? Digits.firstNonZero(in: bytes, parts.fractionDigits)
        guard let first else { return SignificantDigits() }
        // There is a non-zero digit, so one of the two searches finds the last.
        let last =
            Digits.lastNonZero(in: bytes, parts.fractionDigits) ?? Digits.lastNonZero(in: bytes, parts.integerDigits)
            ?? first
        // Digits after the last significant one: the value is the digits up to it, times ten for each.
        let dropped =
            parts.fractionDigits.contains(last)
            ? parts.fractionDigits.upperBound - 1 - last
            : parts.integerDigits.upperBound - 1 - last + parts.fractionDigits.count
        let spansPoint = parts.integerDigits.contains(first) && parts.fractionDigits.contains(last)
        return SignificantDigits(
            range: first..<last + 1, count: last + 1 - first - (spansPoint ? 1 : 0),
            power: parts.exponent - parts.fractionDigits.count + dropped)
    }

    /// The common case of ``decimal()`` without building text: at most 19 significant digits (they fit a `UInt64`)
    /// and a power of ten well inside `Decimal`'s exponent range; `nil` otherwise.
    private func smallDecimal() -> Decimal? {
        var significand: UInt64 = 0
        var digits = 0
        var power = 0
        var i = 0
        let n = bytes.count
        let negative = i < n && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var inFraction = false
        while i < n {
            let byte = bytes[i]
            if Digits.isDigit(byte) {
                if significand != 0 || byte != UInt8(ascii: "0") {
                    guard digits < 19 else { return nil }
                    digits += 1
                }
                significand = significand * 10 + UInt64(byte &- UInt8(ascii: "0"))
                if inFraction { power -= 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                return nil  // an exponent: the general path handles it
            }
            i += 1
        }
        guard power >= -100 else { return nil }
        return Decimal(
            sign: negative && significand != 0 ? .minus : .plus, exponent: power, significand: Decimal(significand))
    }

    // MARK: Integers

    /// The exact integer value, if the number is a whole number within `T`'s range.
    func integer<T: FixedWidthInteger>(_: T.Type) -> Result<T, NumberIssue> {
        // Fast path: plain digits, short enough not to overflow UInt64.
        let negative = bytes.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        if bytes.count - start <= 19, bytes[start...].allSatisfy(Digits.isDigit) {
            var magnitude: UInt64 = 0
            for byte in bytes[start...] {
                magnitude = magnitude &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
            }
            return Self.signed(magnitude, negative: negative)
        }
        let parts = decompose()
        let significant = significantDigits(parts)
        let power = significant.power
        if significant.count == 0 { return .success(0) }
        if power < 0 { return .failure(.notWholeNumber) }
        // Wider than 64 bits (Int128, UInt128): the digits are gathered in the type's own magnitude.
        if T.bitWidth > 64 { return magnitude(T.Magnitude.self, significant, negative: parts.negative) }
        return magnitude(UInt64.self, significant, negative: parts.negative)
    }

    /// The value of `significant`'s digits times its power of ten, gathered in `M` and signed as `T`.
    private func magnitude<T: FixedWidthInteger, M: FixedWidthInteger & UnsignedInteger>(
        _: M.Type, _ significant: SignificantDigits, negative: Bool
    ) -> Result<T, NumberIssue> {
        // More digits than `M.max` has cannot fit (20 for UInt64, 39 for UInt128); this also bounds the loops.
        let maximumDigits = M.bitWidth <= 64 ? 20 : 39
        if significant.count + significant.power > maximumDigits { return .failure(.outOfRange) }
        var magnitude: M = 0
        for i in significant.range where bytes[i] != UInt8(ascii: ".") {
            let (scaled, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = scaled.addingReportingOverflow(M(bytes[i] &- UInt8(ascii: "0")))
            if o1 || o2 { return .failure(.outOfRange) }
            magnitude = sum
        }
        for _ in 0..<significant.power {
            let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return .failure(.outOfRange) }
            magnitude = scaled
        }
        return Self.signed(magnitude, negative: negative)
    }

    private static func signed<T: FixedWidthInteger, M: FixedWidthInteger & UnsignedInteger>(
        _ magnitude: M, negative: Bool
    ) -> Result<T, NumberIssue> {
        if !negative {
            return T(exactly: magnitude).map(Result.success) ?? .failure(.outOfRange)
        }
        if magnitude == 0 { return .success(0) }
        // -magnitude fits T when magnitude - 1 fits and T is signed.
        guard T.isSigned, let belowMagnitude = T(exactly: magnitude - 1) else { return .failure(.outOfRange) }
        return .success(0 - belowMagnitude - 1)
    }

    // MARK: Decimal

    /// The largest significand `Decimal` holds, 2^128 − 1: every number of 38 significant digits fits, and those of
    /// 39 up to this one.
    static let largestDecimalSignificand = Array("340282366920938463463374607431768211455".utf8)

    /// The exact `Decimal` value, if its significant digits fit `Decimal`'s 128-bit significand and its power of ten
    /// `Decimal`'s exponent range (-128 to 127, trailing zeros moved into the significand where they fit).
    func decimal() -> Result<Decimal, NumberIssue> {
        if let fast = smallDecimal() { return .success(fast) }
        let parts = decompose()
        let significant = significantDigits(parts)
        var power = significant.power
        if significant.count == 0 { return .success(0) }
        let maximumDigits = Self.largestDecimalSignificand.count
        if significant.count > maximumDigits { return .failure(.tooManyDigits) }
        // Decimal's exponent is 8 bits: move an exponent above 127 into trailing zeros while they fit.
        var zeros = 0
        if power > Int(Int8.max) {
            zeros = power - Int(Int8.max)
            power = Int(Int8.max)
            if significant.count + zeros > maximumDigits { return .failure(.outOfRange) }
        }
        if power < Int(Int8.min) { return .failure(.outOfRange) }
        var significand = significant.range.map { bytes[$0] }.filter { $0 != UInt8(ascii: ".") }
        significand += repeatElement(UInt8(ascii: "0"), count: zeros)
        // Of 39 digits, only those up to 2^128 − 1 fit; digits of equal count compare like their values.
        if significand.count == maximumDigits, Self.largestDecimalSignificand.lexicographicallyPrecedes(significand) {
            return .failure(zeros == 0 ? .tooManyDigits : .outOfRange)
        }
        // Foundation's parser is exact for a significand that fits and an in-range exponent, which is what it gets
        // here. A parser that rounded a 39-digit significand instead would raise the exponent: refuse that result.
        var text = parts.negative ? "-" : ""
        text.unicodeScalars.append(contentsOf: significand.map { Unicode.Scalar($0) })
        text += "e\(power)"
        guard let decimal = Decimal(string: text, locale: Self.posix),
            significand.count < maximumDigits || decimal.exponent == power
        else { return .failure(.outOfRange) }
        return .success(decimal)
    }
}
