import Foundation
import Testing

@testable import JSONMapper

/// `NumberKey.hash(bytes:into:)` feeds a hasher exactly what building the key and hashing it feeds, without building
/// it; `JSONValue.Number`'s `==` and hash stay consistent, the canonical-integer shortcut included.
@Suite("Number keys: hashing in place, equality shortcuts")
struct NumberKeyHashTests {
    /// Spellings of the same and of different values: points before, inside and after the significant digits,
    /// leading and trailing zeros, exponents with leading zeros, signs, huge exponents (the general path).
    static let texts = [
        "0", "-0", "0.0", "-0.000", "0e5", "0E-99999999999999999999", "1", "-1", "1.0", "1e0", "10e-1", "0.1e1",
        "100", "1e2", "1E+2", "100.000", "0.01", "1e-2", "10e-3", "123.456", "123456e-3", "0.123456e3", "12345.6e-2",
        "1.5", "15e-1", "-1.5", "-0.15e1", "9007199254740993", "18446744073709551616", "1e17", "1e16", "0.00001",
        "1e400", "1e-400", "1e00000000000000000000001", "1e99999999999999999", "1e999999999999999999",
        "12e99999999999999998", "1.2e99999999999999999", "-5e-100000000000000000000", "5E+0000", "70", "7e1",
        "0.7e2", "700e-1", "123000", "123e3", "1.23e5", "0.000123e9", "99999999999999999999999999999",
    ]

    static func streamed(_ text: String) -> Int {
        var hasher = Hasher()
        NumberKey.hash(text: text, into: &hasher)
        return hasher.finalize()
    }

    static func built(_ text: String) -> Int {
        var hasher = Hasher()
        NumberKey(text).hash(into: &hasher)
        return hasher.finalize()
    }

    @Test("the hash fed in place equals the built key's hash, for every spelling")
    func sameHash() {
        for text in Self.texts {
            #expect(Self.streamed(text) == Self.built(text), "\(text)")
        }
    }

    @Test("random numbers, as random spellings of them, hash alike when equal")
    func randomSpellings() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let digits = String((0..<Int.random(in: 1...12, using: &random)).map { _ in
                Character(String(Int.random(in: 0...9, using: &random)))
            })
            let point = Int.random(in: 0...digits.count, using: &random)
            let mantissa =
                point == digits.count ? digits : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            let text =
                (Bool.random(using: &random) ? "-" : "")
                + (mantissa.hasPrefix(".") ? "0" + mantissa : mantissa)
                + (Bool.random(using: &random) ? "e\(Int.random(in: -30...30, using: &random))" : "")
            #expect(Self.streamed(text) == Self.built(text), "\(text)")
        }
    }

    @Test("JSONValue numbers: equal values are == and hash alike; different values are not ==")
    func numbersEqualityAndHash() throws {
        let groups = [
            ["1", "1.0", "1e0", "10e-1", "0.1e1"], ["0", "-0", "0.0", "0e5"], ["100", "1e2", "1E+2", "100.000"],
            ["123.456", "123456e-3", "0.123456e3"], ["70", "7e1", "0.7e2", "700e-1"], ["-1", "-1.0"], ["7"], ["12"],
        ]
        for group in groups {
            let numbers = try group.map { try #require(JSONValue.Number(text: $0)) }
            for a in numbers {
                for b in numbers {
                    #expect(a == b, "\(a.text) \(b.text)")
                    #expect(a.hashValue == b.hashValue, "\(a.text) \(b.text)")
                }
            }
        }
        for (i, group) in groups.enumerated() {
            for other in groups[(i + 1)...] {
                let a = try #require(JSONValue.Number(text: group[0]))
                let b = try #require(JSONValue.Number(text: other[0]))
                #expect(a != b, "\(a.text) \(b.text)")
            }
        }
    }

    @Test("the canonical-integer shortcut: only plain integers without a leading zero, and not -0")
    func canonicalIntegers() {
        for text in ["0", "7", "-7", "12", "-1234567890123456789012345"] {
            #expect(NumberKey.isCanonicalInteger(text), "\(text)")
        }
        for text in ["-0", "07", "-07", "00", "1.0", "1e2", "-", "", "1.", "0.5"] {
            #expect(!NumberKey.isCanonicalInteger(text), "\(text)")
        }
    }
}
