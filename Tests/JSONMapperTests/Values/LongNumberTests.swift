import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// Numbers whose digits outnumber any exponent a conversion might saturate at: the digit count and the written
/// exponent must meet exactly. The texts (up to 100 MB) are made here; the expected values follow from the text
/// (digits × 10^(written exponent − digits after the point)), not from the code under test.
// Serialized: each 100 MB case holds several hundred MB while it runs.
@Suite("Numbers with more digits than any saturated exponent", .serialized)
struct LongNumberTests {
    /// `{"n":` + the number + `}`, as bytes: `prefix`, `count` copies of `repeated`, then `suffix`.
    static func document(_ prefix: String, _ repeated: UInt8, _ count: Int, _ suffix: String) -> Data {
        var bytes = Array(#"{"n":"#.utf8) + Array(prefix.utf8)
        bytes.reserveCapacity(bytes.count + count + suffix.utf8.count + 1)
        bytes += repeatElement(repeated, count: count)
        bytes += Array(suffix.utf8) + [UInt8(ascii: "}")]
        return Data(bytes)
    }

    static let zero = UInt8(ascii: "0")

    @Test("1 and 100,000,001 zeros, then e-100000001, is exactly 1 on both engines and as a JSONValue")
    func exactlyOne() throws {
        let data = Self.document("1", Self.zero, 100_000_001, "e-100000001")
        #expect(data.count == 100_000_019)
        for engine in [JSONMapper.Engine.native, .foundation] {
            let c = JSONMapper.context(data, engine: engine)
            #expect(c.valid, "\(engine)")
            #expect(c.getInt("n") == 1, "\(engine)")
            #expect(c.getDouble("n") == 1, "\(engine)")
            #expect(c.getDecimal("n") == 1, "\(engine)")
            #expect(c.errors == [], "\(engine)")
        }
        let value = try JSONValue(parsing: data)
        #expect(value["n"]?.intValue == 1)
        #expect(value["n"]?.doubleValue == 1)
        #expect(value["n"]?.decimalValue == 1)
    }

    /// A long number and the value it spells, worked out from its digits and exponent: `prefix`, `count` zeros, then
    /// `suffix`, where the exponent in `suffix` is written in terms of `count`.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let count: Int
        let prefix: String
        let suffix: String
        let int: Int?
        let double: Double?
        let decimal: Decimal?

        var description: String { "\(name) (\(count) zeros)" }

        /// `prefix`, `count` zeros, `suffix`, with `c` in `name` and `suffix` standing for the count.
        init(
            _ name: String, count: Int, _ prefix: String, _ suffix: (Int) -> String, int: Int?, double: Double?,
            decimal: Decimal?
        ) {
            self.name = name
            self.count = count
            self.prefix = prefix
            self.suffix = suffix(count)
            self.int = int
            self.double = double
            self.decimal = decimal
        }
    }

    /// Digit counts just below and at 100,000,000, the exponent's limit before (``exactlyOne()`` is just above):
    /// 10^c × 10^-c is 1.
    static let aroundTheOldLimit = [99_999_999, 100_000_000].map { count in
        Case("1, c zeros, e-c", count: count, "1", { "e-\($0)" }, int: 1, double: 1, decimal: 1)
    }

    /// The same arithmetic in other shapes, with a million zeros.
    static let longShapes: [Case] = [
        // Negative, and a written exponent one short of the zeros: -10^c × 10^-(c-1).
        Case("-1, c zeros, e-(c-1)", count: 1_000_001, "-1", { "e-\($0 - 1)" }, int: -10, double: -10, decimal: -10),
        // Leading zeros after the point: 10^-(c+1) × 10^(c+1).
        Case("0., c zeros, 1e+(c+1)", count: 1_000_000, "0.", { "1e+\($0 + 1)" }, int: 1, double: 1, decimal: 1),
        // Significant digits after the zeros, and an upper-case E: 125 × 10^-(c+3) × 10^(c+3), then × 10^(c+2).
        Case(
            "0., c zeros, 125E+(c+3)", count: 1_000_000, "0.", { "125E+\($0 + 3)" }, int: 125, double: 125,
            decimal: 125),
        Case(
            "0., c zeros, 125e+(c+2)", count: 1_000_000, "0.", { "125e+\($0 + 2)" }, int: nil, double: 12.5,
            decimal: Decimal(string: "12.5")),
        // Digits on both sides of the point: (5 × 10^c + 0.25) × 10^-(c+1) is a hair above one half, and has too
        // many significant digits for Decimal.
        Case(
            "5, c zeros, .25e-(c+1)", count: 1_000_000, "5", { ".25e-\($0 + 1)" }, int: nil, double: 0.5,
            decimal: nil),
        // Double's limits, reached through the digit count: 10^-(c+1) × 10^(c+309) = 10^308 fits, 10^309
        // overflows, and 10^c × 10^-(c+323) = 10^-323 is subnormal.
        Case(
            "0., c zeros, 1e+(c+309)", count: 1_000_000, "0.", { "1e+\($0 + 309)" }, int: nil, double: 1e308,
            decimal: nil),
        Case(
            "0., c zeros, 1e+(c+310)", count: 1_000_000, "0.", { "1e+\($0 + 310)" }, int: nil, double: nil,
            decimal: nil),
        Case(
            "1, c zeros, e-(c+323)", count: 1_000_000, "1", { "e-\($0 + 323)" }, int: nil, double: Double("1e-323"),
            decimal: nil),
    ]

    @Test("digit counts around 100,000,000 and the written exponent meet exactly", arguments: aroundTheOldLimit)
    func aroundTheLimit(_ number: Case) throws {
        try check(number)
    }

    @Test("leading zeros, negatives, fractions and Double's limits, through a million digits", arguments: longShapes)
    func shapes(_ number: Case) throws {
        try check(number)
    }

    private func check(_ number: Case, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = Self.document(number.prefix, Self.zero, number.count, number.suffix)
        let c = JSONMapper.context(data)
        #expect(c.valid, sourceLocation: sourceLocation)
        #expect(c.getInt("n") == number.int, sourceLocation: sourceLocation)
        #expect(c.getDouble("n") == number.double, sourceLocation: sourceLocation)
        #expect(c.getDecimal("n") == number.decimal, sourceLocation: sourceLocation)
        let value = try JSONValue(parsing: data)
        #expect(value["n"]?.intValue == number.int, sourceLocation: sourceLocation)
        #expect(value["n"]?.doubleValue == number.double, sourceLocation: sourceLocation)
        #expect(value["n"]?.decimalValue == number.decimal, sourceLocation: sourceLocation)
    }

    /// Short texts whose written exponent is beyond `Int`, or cancels the digits after the point.
    static let shortCases: [(text: String, int: Int?, double: Double?, decimal: Decimal?)] = [
        ("1e4611686018427387904", nil, nil, nil),
        ("1e-4611686018427387904", nil, 0, nil),
        ("-1e-99999999999999999999999", nil, -0.0, nil),
        ("0e99999999999999999999999", 0, 0, 0),
        ("0.000e-99999999999999999999999", 0, 0, 0),
        ("1000e-3", 1, 1, 1),
        ("0.00100e3", 1, 1, 1),
        ("-0.0125e4", -125, -125, -125),
        ("100000000000000000000e-20", 1, 1, 1),
        ("123.456e1", nil, 1234.56, Decimal(string: "1234.56")),
    ]

    @Test("exponents beyond Int saturate without overflow, and fraction places cancel written exponents (native)")
    func shortTexts() throws {
        for (text, int, double, decimal) in Self.shortCases {
            let c = JSONMapper.context(Data(#"{"n":\#(text)}"#.utf8))
            #expect(c.getInt("n") == int, "\(text)")
            #expect(c.getDouble("n")?.bitPattern == double?.bitPattern, "\(text)")
            #expect(c.getDecimal("n") == decimal, "\(text)")
            let number = try #require(JSONValue.Number(text: text))
            #expect(number.intValue == int, "\(text)")
            #expect(number.doubleValue?.bitPattern == double?.bitPattern, "\(text)")
            #expect(number.decimalValue == decimal, "\(text)")
        }
    }
}
