import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `getFloat` gives what `Float(String)` gives, on the boundaries where rounding through `Double` goes wrong: the
/// largest `Float` and the overflow past it, the smallest normal, subnormals, and numbers exactly halfway between
/// two `Float`s or a hair either side of halfway.
@Suite("Float parsing")
struct FloatParsingTests {
    /// `getFloat` on the native engine for the number `text`.
    static func native(_ text: String) -> Float? {
        context("[" + text + "]").get(Float.self, at: [0])
    }

    /// The `Float` boundaries, as `Double`s, with the points halfway between each and its neighbours.
    static let boundaries: [Double] = {
        let floats: [Float] = [
            .greatestFiniteMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown, .leastNonzeroMagnitude,
            .leastNonzeroMagnitude.nextUp, 1, Float(1).nextUp, Float(1).nextDown, 16_777_216, 0.1, 3.4e38, Float(bitPattern: 1), Float(bitPattern: 0x0080_0001),
        ]
        var points: [Double] = [0x1p128]
        for float in floats {
            points.append(Double(float))
            points.append((Double(float) + Double(float.nextUp.isFinite ? float.nextUp : .infinity)) / 2)
            points.append((Double(float) + Double(float.nextDown)) / 2)
        }
        // The largest Float and 2^128: the midpoint a Double rounding overflows on.
        points.append((Double(Float.greatestFiniteMagnitude) + 0x1p128) / 2)
        return points.filter(\.isFinite)
    }()

    /// Decimal texts at and just around `value`: its exact decimal expansion, that plus or minus one unit in a
    /// digit far beyond the Double's precision, and its shortest `Double` text.
    static func texts(around value: Double) -> [String] {
        let exact = ExactDecimal.text(of: value)
        return [exact, ExactDecimal.nudged(exact, up: true), ExactDecimal.nudged(exact, up: false), "\(value)"]
    }

    @Test("the issue-9 number: 3.4028235677973366e38 is the largest Float, not an overflow")
    func largestFloat() {
        #expect(Float("3.4028235677973366e38") == .greatestFiniteMagnitude)
        #expect(Self.native("3.4028235677973366e38") == .greatestFiniteMagnitude)
        #expect(Self.native("-3.4028235677973366e38") == -.greatestFiniteMagnitude)
        #expect(JSONMapper.context(json(#"{"f": 3.4028235677973366e38}"#), engine: .foundation).getFloat("f")
            == .greatestFiniteMagnitude)
        // Past the halfway point to 2^128, it overflows: a mismatch, not infinity.
        let beyond = context(#"{"f": 3.40282357e38}"#)
        #expect(beyond.getFloat("f") == nil)
        #expect(beyond.errors.map(\.description) == ["f: expected Float, found Number 3.40282357e38 (out of range)"])
    }

    @Test("boundaries and halfway points match Float(String), of both signs")
    func boundariesMatch() {
        var checked = 0
        for point in Self.boundaries {
            for text in Self.texts(around: point) {
                for signed in [text, "-" + text] {
                    let expected = Float(signed)
                    let actual = Self.native(signed)
                    if let expected, expected.isFinite {
                        #expect(actual?.bitPattern == expected.bitPattern, "\(signed)")
                    } else {
                        #expect(actual == nil, "\(signed)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 200)
    }

    @Test("halfway points between random neighbouring Floats match Float(String)")
    func randomHalfways() {
        var generator = SplitMix64(seed: 0xF10A7)
        var mismatches: [String] = []
        for _ in 0..<3_000 {
            // Every exponent, subnormals included.
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()) & 0x7F7F_FFFF)
            let halfway = (Double(float) + Double(float.nextUp)) / 2
            for text in Self.texts(around: halfway) {
                var value = text
                let actual = value.withUTF8 { try? NumberText(bytes: $0).float().get() }
                if actual?.bitPattern != Float(text)?.bitPattern { mismatches.append(text) }
            }
        }
        #expect(mismatches == [])
    }

    @Test("random decimal texts match Float(String)")
    func randomTexts() {
        var generator = SplitMix64(seed: 0xF1)
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let digits = String(generator.next() % 1_000_000_000_000)
            let exponent = Int(generator.next() % 100) - 60
            let text = digits + "e" + String(exponent)
            var value = text
            let actual = value.withUTF8 { try? NumberText(bytes: $0).float().get() }
            let expected = Float(text).flatMap { $0.isFinite ? $0 : nil }
            if actual?.bitPattern != expected?.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches == [])
    }

    @Test("the Foundation engine's decimals decide halfway Floats from their digits")
    func foundationHalfway() {
        // Halfway between 1 and the next Float, plus a little: the nearest Double is the halfway point itself.
        let text = "1.00000005960464477539062500001"
        let expected = Float(text)
        #expect(expected == Float(1).nextUp)
        #expect(Self.native(text) == expected)
        let foundation = JSONMapper.context(json("{\"f\": \(text)}"), engine: .foundation)
        #expect(foundation.getFloat("f") == expected)
    }
}

/// Exact decimal expansions of `Double`s, which are finite because every `Double` is an integer times a power of
/// two: for tests that need the precise text of a halfway point.
enum ExactDecimal {
    /// The exact decimal value of a finite, non-negative `value`, such as `0.5` or `340282356779733661637539395458142568448`.
    static func text(of value: Double) -> String {
        precondition(value.isFinite && value >= 0)
        if value == 0 { return "0" }
        let exponent = Int(value.exponent) - 52
        var significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
        var shift = exponent
        if !value.isNormal { shift = -1074 }
        while significand & 1 == 0 {
            significand >>= 1
            shift += 1
        }
        // value = significand × 2^shift.
        if shift >= 0 {
            var digits = BigDecimalDigits(significand)
            for _ in 0..<shift { digits.multiply(by: 2) }
            return digits.description
        }
        // significand × 2^-k = significand × 5^k / 10^k.
        var digits = BigDecimalDigits(significand)
        for _ in 0..<(-shift) { digits.multiply(by: 5) }
        var text = digits.description
        let point = -shift
        if text.count <= point { text = String(repeating: "0", count: point - text.count + 1) + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -point))
        return text
    }

    /// `text` with one added to, or taken from, a digit 30 places past its last: just above or below it.
    static func nudged(_ text: String, up: Bool) -> String {
        let withPoint = text.contains(".") ? text : text + "."
        return up ? withPoint + String(repeating: "0", count: 29) + "1" : lowered(withPoint)
    }

    private static func lowered(_ text: String) -> String {
        // x − 10^-k for a k past the last digit: take one from the last non-zero digit and fill with nines.
        var digits = Array(text)
        guard let last = digits.lastIndex(where: { $0 != "0" && $0 != "." }),
            let digit = digits[last].wholeNumberValue
        else { return text }
        digits[last] = Character(String(digit - 1))
        return String(digits) + String(repeating: "9", count: 30)
    }
}

/// A non-negative integer in base 10^9 limbs, least significant first, for ``ExactDecimal``.
struct BigDecimalDigits: CustomStringConvertible {
    private var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = value == 0 ? [0] : []
        var v = value
        while v > 0 {
            limbs.append(v % 1_000_000_000)
            v /= 1_000_000_000
        }
    }

    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = limbs[i] * factor + carry
            limbs[i] = product % 1_000_000_000
            carry = product / 1_000_000_000
        }
        while carry > 0 {
            limbs.append(carry % 1_000_000_000)
            carry /= 1_000_000_000
        }
    }

    var description: String {
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
