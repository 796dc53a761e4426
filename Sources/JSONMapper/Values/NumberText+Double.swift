extension NumberText {
    /// The `Double` nearest the number (ties to even), as `Double(String)` gives, or `outOfRange` when it
    /// overflows to infinity. Underflow gives zero, which is the nearest value.
    ///
    /// Three tiers, each exact where it answers: Clinger's fast path (significand ≤ 2^53, |power| ≤ 22, one
    /// correctly rounded IEEE operation); the Eisel–Lemire method (a 128-bit product with a tabulated power of
    /// five, which declines the rare inputs too close to a rounding boundary to decide); and the standard
    /// library's parser for what is left.
    func double() -> Result<Double, NumberIssue> {
        let value = Self.parseDouble(bytes)
        return value.isFinite ? .success(value) : .failure(.outOfRange)
    }

    /// The `Float` nearest the number, as `Float(String)` gives, or `outOfRange` when it overflows `Float`.
    func float() -> Result<Float, NumberIssue> {
        let float = Self.nearestFloat(to: Self.parseDouble(bytes)) { Float(String(decoding: bytes, as: UTF8.self)) }
        return float.isFinite ? .success(float) : .failure(.outOfRange)
    }

    /// The `Float` nearest a number whose nearest `Double` is `double`.
    ///
    /// Rounding `double` to `Float` is correct except when `double` lies exactly halfway between two `Float`s: the
    /// number itself may be on either side of that point, so `exact` decides, from the number's full text, or `nil`
    /// when it is not known (ties then go to even, as `Float(double)` rounds them). Past the largest `Float`, the
    /// next value up is 2^128, which overflows: a `double` halfway between the two is decided by `exact` too
    /// (`3.4028235677973366e38` is `Float.greatestFiniteMagnitude`, though `Float(double)` is infinite).
    static func nearestFloat(to double: Double, exact: () -> Float?) -> Float {
        let float = Float(double)
        guard double.isFinite, Double(float) != double else { return float }
        let magnitude = double.magnitude
        let rounded = float.magnitude
        let below: Double
        let above: Double
        if rounded.isInfinite {
            (below, above) = (Double(Float.greatestFiniteMagnitude), 0x1p128)
        } else if Double(rounded) < magnitude {
            (below, above) = (Double(rounded), Double(rounded.nextUp))
        } else {
            (below, above) = (Double(rounded.nextDown), Double(rounded))
        }
        // Two neighbouring Floats differ in at most 25 significant bits, so their midpoint is exact in a Double.
        guard (below + above) / 2 == magnitude else { return float }
        return exact() ?? float
    }

    /// 10^k for k from 0 to 22, each exact in a `Double`: a literal, so that reading it needs no lazy initialization.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The `Double` nearest the valid JSON number `bytes` spell (ties to even), infinite when it overflows. The
    /// usual plain decimal is read inline; every other shape by ``parseAnyDouble(_:padded:)``.
    ///
    /// - Parameter padded: Whether eight bytes past the end of `bytes` may be read, as in a native document, whose
    ///   numbers are followed by a non-digit and the zero padding (or, before the split of a document read in
    ///   place, by the document's own bytes: `DocumentBytes`): the last digits are then read a word at a time.
    @inline(__always)
    static func parseDouble(_ bytes: UnsafeBufferPointer<UInt8>, padded: Bool = false) -> Double {
        if padded, let base = bytes.baseAddress, let value = parsePlainDecimal(base, count: bytes.count) {
            return value
        }
        return parseAnyDouble(bytes, padded: padded)
    }

    /// ``parseDouble(_:padded:)`` for every shape of number, out of line: kept apart from the plain-decimal path
    /// that most numbers take, which is inlined into its callers without this function's frame and spills.
    @inline(never)
    static func parseAnyDouble(_ bytes: UnsafeBufferPointer<UInt8>, padded: Bool) -> Double {
        guard let base = bytes.baseAddress else { return .nan }
        var i = 0
        let n = bytes.count
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i += 1 }
        // Up to 19 significant digits go into `significand`; later ones only move `power` and set `truncated`.
        var significand: UInt64 = 0
        var digitCount = 0
        var power = 0
        var truncated = false

        /// Adds the digits from `i` on to the significand; `fraction` digits lower the power as they go in,
        /// integer digits that do not fit raise it.
        func digits(fraction: Bool) {
            if significand == 0, i < n, bytes[i] == UInt8(ascii: "0") {
                // Leading zeros are not significant.
                let end = Digits.endOfDigits(in: bytes, from: i)
                let next = Digits.firstNonZero(in: bytes, i..<end) ?? end
                if fraction { power -= next - i }
                i = next
            }
            while digitCount <= 11, i + 8 <= n {
                let word = Digits.load(base + i)
                guard Digits.allDigits(word) else { break }
                significand = significand &* 100_000_000 &+ Digits.value(ofEight: word)
                digitCount += 8
                if fraction { power -= 8 }
                i += 8
            }
            // Fewer than eight digits left (canada.json's coordinates end with seven): in one step when the bytes
            // after them may be read.
            if padded, digitCount <= 11, i < n {
                let (value, count) = Digits.leadingDigits(base + i)
                if count > 0, count <= n - i {
                    significand = significand &* Digits.powersOfTen[count] &+ value
                    digitCount += count
                    if fraction { power -= count }
                    i += count
                }
            }
            while i < n, digitCount < 19, Digits.isDigit(bytes[i]) {
                significand = significand &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
                digitCount += 1
                if fraction { power -= 1 }
                i += 1
            }
            // Digits past the 19 kept: integer digits raise the power, and any that is not zero truncates.
            if i < n, Digits.isDigit(bytes[i]) {
                let end = Digits.endOfDigits(in: bytes, from: i)
                if !fraction { power += end - i }
                if !truncated, Digits.firstNonZero(in: bytes, i..<end) != nil { truncated = true }
                i = end
            }
        }

        digits(fraction: false)
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            digits(fraction: true)
        }
        power += exponent(bytes, at: &i)

        let magnitude: Double
        if !truncated, let exact = nearestDouble(significand: significand, power: power) {
            magnitude = exact
        } else if truncated, let value = eiselLemire(significand, power), eiselLemire(significand + 1, power) == value {
            // A truncated significand lies between `significand` and `significand + 1`: equal results bound it.
            magnitude = value
        } else {
            return Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
        }
        return negative ? -magnitude : magnitude
    }

    /// The `Double` for a number of the shape most documents hold, `-?d{1,7}(.d+)?` with at most 19 digits in all
    /// and no exponent (every number in canada.json), read a word at a time; `nil` for any other shape, or when
    /// neither fast method decides, to take the general path.
    ///
    /// The text must be a valid JSON number with at least eight readable bytes after it, the first of which is not a
    /// digit, as in a native document (a number at its very end is followed by the eight zero bytes of padding, and
    /// one before the split of a document read in place by at least 24 bytes of it). The
    /// last word read ends at most seven bytes past the text. With at most 19 digits the significand is exact in a
    /// `UInt64`.
    @inline(__always)
    static func parsePlainDecimal(_ base: UnsafePointer<UInt8>, count n: Int) -> Double? {
        let negative = base[0] == UInt8(ascii: "-")
        var i = negative ? 1 : 0
        let (integer, integerCount) = Digits.leadingDigits(base + i)
        guard integerCount < 8 else { return nil }
        i &+= integerCount
        var significand = integer
        var power = 0
        if i < n, base[i] == UInt8(ascii: ".") {
            i &+= 1
            var room = 19 &- integerCount
            // Whole words of eight digits, then the rest. The whole-word test is a branch the processor predicts,
            // so the next load's address does not wait for the digits to be counted: a loop that advanced by each
            // word's counted digits ran canada.json 11 % slower in time for 5 % fewer instructions.
            var word = Digits.load(base + i)
            while room >= 8, Digits.allDigits(word) {
                significand = significand &* 100_000_000 &+ Digits.value(ofEight: word)
                power &-= 8
                room &-= 8
                i &+= 8
                word = Digits.load(base + i)
            }
            let (value, count) = Digits.leadingDigits(word)
            guard count <= room else { return nil }
            significand = significand &* Digits.powersOfTen[count] &+ value
            power &-= count
            i &+= count
        }
        guard i == n, let magnitude = nearestDouble(significand: significand, power: power) else { return nil }
        // The sign as a bit, not a branch: signs mix unpredictably in coordinates.
        let sign: UInt64 = negative ? 1 << 63 : 0
        return Double(bitPattern: magnitude.bitPattern | sign)
    }

    /// The `Double` nearest `significand × 10^power`, or `nil` in the rare cases neither fast method can decide.
    @inline(__always)
    static func nearestDouble(significand: UInt64, power: Int) -> Double? {
        if significand == 0 { return 0 }
        if significand <= 1 << 53, (-22...22).contains(power) {
            let scale = exactPowersOfTen[abs(power)]
            return power < 0 ? Double(significand) / scale : Double(significand) * scale
        }
        return eiselLemire(significand, power)
    }

    /// The `Double` nearest `significand × 10^power` (significand > 0), or `nil` when the 128-bit product leaves
    /// the rounding direction undecided.
    ///
    /// With `P` the tabulated significand of 5^power (|P − exact| < 1, exact for 0 ≤ power ≤ 55) and `w` the
    /// significand shifted to fill 64 bits, `z = ⌊w·P / 2^64⌋` is within (−1, 2) of the exact scaled value. The
    /// bits of `z` below the 53 kept (more for subnormals) decide rounding; only a remainder within that error of
    /// the halfway point is undecided. When `P` is exact, the dropped low word makes the product exact and halfway
    /// ties round to even.
    @inline(__always)
    static func eiselLemire(_ significand: UInt64, _ power: Int) -> Double? {
        guard power >= PowersOfFive.smallest, power <= PowersOfFive.largest else {
            return fullEiselLemire(significand, power)
        }
        // Nearly always decided by the first product's high word, inline; the rest out of line.
        let shift = significand.leadingZeroBitCount
        let high = (significand << shift).multipliedFullWidth(
            by: PowersOfFive.table[2 &* (power &- PowersOfFive.smallest)])
        if let value = roundedFromHighWord(high.high, power: power, shift: shift) { return value }
        return fullEiselLemire(significand, power)
    }

    /// ``eiselLemire(_:_:)`` with both products and the full 128-bit rounding, for the inputs the first product's
    /// high word does not decide, and for powers outside the table (zero below it, infinity above).
    @inline(never)
    static func fullEiselLemire(_ significand: UInt64, _ power: Int) -> Double? {
        if power < PowersOfFive.smallest { return 0 }
        if power > PowersOfFive.largest { return .infinity }
        let shift = significand.leadingZeroBitCount
        let w = significand << shift
        let entry = 2 * (power - PowersOfFive.smallest)
        let high = w.multipliedFullWidth(by: PowersOfFive.table[entry])
        let low = w.multipliedFullWidth(by: PowersOfFive.table[entry + 1])
        let (middle, carry) = high.low.addingReportingOverflow(low.high)
        let z = UInt128Parts(high: high.high &+ (carry ? 1 : 0), low: middle)
        let rest = low.low
        let upper = Int(z.high >> 63)
        // The value's leading bit is 2^exponent: 63 + upper + ⌊power·log2(10)⌋ − shift.
        var exponent = 63 + upper + ((217_706 * power) >> 16) - shift
        // Bits of z below the kept significand: 53 bits are kept for normal numbers, fewer for subnormals.
        let dropped = 74 + upper + max(0, -1022 - exponent)
        // Past 128 dropped bits the value is below half the smallest subnormal (or too near it to tell).
        if dropped > 128 { return dropped == 129 ? nil : 0 }
        let exact = (0...PowersOfFive.largestExact).contains(power)

        var kept = z.shiftedRight(by: dropped)
        let remainder = z.masked(toLow: dropped)
        let half = UInt128Parts.power(of: dropped - 1)
        let roundUp: Bool
        if exact {
            if remainder == half {
                roundUp = rest != 0 || kept & 1 == 1
            } else {
                roundUp = half < remainder
            }
        } else {
            // The exact remainder is within (−1, 2) of `remainder`: undecidable when that interval holds `half`.
            if half.isWithin(of: remainder, below: 1, above: 2) { return nil }
            roundUp = half < remainder
        }
        if roundUp { kept += 1 }
        if exponent >= -1022 {
            if kept == 1 << 53 {
                kept >>= 1
                exponent += 1
            }
            if exponent > 1023 { return .infinity }
            return Double(
                sign: .plus, exponentBitPattern: UInt(exponent + 1023), significandBitPattern: kept & (1 << 52 - 1))
        }
        // Subnormal: the significand field alone; rounding up to 2^52 makes the smallest normal number.
        return Double(bitPattern: kept)
    }
}

extension NumberText {
    /// The `Double` that ``eiselLemire(_:_:)`` gives, decided from the high word of the first product alone when
    /// that word settles it, which is nearly always; `nil` to take the full path (two products, 128-bit rounding).
    ///
    /// The first product `w·P_high` leaves out `w·P_low / 2^64`, less than 2^64, and `z` is within (−1, 2) of the
    /// exact scaled value: so the exact value's high word is `high` plus −1, 0, 1 or 2. Below the 53 kept bits and
    /// the rounding bit lie `9 + upper` bits of `high`; when they are between 2 and their maximum less 2, that change
    /// reaches neither the rounding bit nor zero, so the exact value is strictly above or below the halfway point and
    /// the rounding bit alone decides. Subnormal and overflowing results take the full path.
    @inline(__always)
    static func roundedFromHighWord(_ high: UInt64, power: Int, shift: Int) -> Double? {
        let upper = Int(high >> 63)
        let belowCount = 9 &+ upper
        let mask: UInt64 = (1 << UInt64(belowCount)) &- 1
        let below = high & mask
        guard below >= 2, below <= mask &- 2 else { return nil }
        var exponent = 63 + upper + ((217_706 * power) >> 16) - shift
        var kept = high >> UInt64(belowCount &+ 1)
        if (high >> UInt64(belowCount)) & 1 == 1 { kept &+= 1 }
        if kept == 1 << 53 {
            kept >>= 1
            exponent += 1
        }
        guard exponent >= -1022, exponent <= 1023 else { return nil }
        return Double(
            sign: .plus, exponentBitPattern: UInt(exponent + 1023), significandBitPattern: kept & (1 << 52 - 1))
    }
}

/// A 128-bit unsigned integer as two words, with the few operations the float parser needs.
struct UInt128Parts: Equatable, Comparable {
    var high: UInt64
    var low: UInt64

    /// 2^n for 0 ≤ n < 128; zero otherwise.
    static func power(of n: Int) -> UInt128Parts {
        if n < 0 || n >= 128 { return UInt128Parts(high: 0, low: 0) }
        return n < 64 ? UInt128Parts(high: 0, low: 1 << n) : UInt128Parts(high: 1 << (n - 64), low: 0)
    }

    /// The value shifted right by n bits as a 64-bit word; n ≥ 64 so that the result fits.
    func shiftedRight(by n: Int) -> UInt64 {
        if n >= 128 { return 0 }
        return high >> (n - 64)
    }

    /// The low n bits.
    func masked(toLow n: Int) -> UInt128Parts {
        if n >= 128 { return self }
        if n <= 64 { return UInt128Parts(high: 0, low: n == 64 ? low : low & (1 << n - 1)) }
        return UInt128Parts(high: high & (1 << (n - 64) - 1), low: low)
    }

    /// Whether self lies in [value − below, value + above].
    func isWithin(of value: UInt128Parts, below: UInt64, above: UInt64) -> Bool {
        let (difference, borrow) = value.subtracting(self)
        if !borrow {
            return difference.high == 0 && difference.low <= below  // self ≤ value
        }
        let (excess, _) = subtracting(value)
        return excess.high == 0 && excess.low <= above
    }

    private func subtracting(_ other: UInt128Parts) -> (UInt128Parts, Bool) {
        let (newLow, borrowLow) = low.subtractingReportingOverflow(other.low)
        let (partial, borrow1) = high.subtractingReportingOverflow(other.high)
        let (newHigh, borrow2) = partial.subtractingReportingOverflow(borrowLow ? 1 : 0)
        return (UInt128Parts(high: newHigh, low: newLow), borrow1 || borrow2)
    }

    static func < (lhs: UInt128Parts, rhs: UInt128Parts) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }
}
