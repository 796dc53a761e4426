import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// Scalars decode as `JSONDecoder` decodes them, at the top level, as members, optional members and elements:
/// the same values, or the same error case and coding path.
@Suite("JSONMapperDecoder: scalars against JSONDecoder")
struct DecoderScalarTests {
    static let numbers = [
        "0", "-0", "1", "-1", "1.0", "1e2", "1E+2", "100e-2", "1.5", "-1.5", "1e400", "-1e400", "1e-400", "0e-5000",
        "0.0000", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "2147483647", "2147483648",
        "4294967295", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1.0e3", "12345678901234567890123",
        "1.0000000000000001", "-1e-400", "0.5e1", "9007199254740993", "1e15", "1e16",
        "0.1", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "1.7976931348623159e308",
        "3.4028235e38", "3.5e38", "1e-46", "true", "null", "\"1\"", "[]", "{}",
    ]

    @Test("integers: exact, 1.0 and 1e2 and -0 are integers, a fraction or an overflow is an error", arguments: numbers)
    func integers(text: String) {
        expectSameEverywhere(Int.self, text)
        expectSameEverywhere(Int8.self, text)
        expectSameEverywhere(Int16.self, text)
        expectSameEverywhere(Int32.self, text)
        expectSameEverywhere(Int64.self, text)
        expectSameEverywhere(UInt.self, text)
        expectSameEverywhere(UInt8.self, text)
        expectSameEverywhere(UInt16.self, text)
        expectSameEverywhere(UInt32.self, text)
        expectSameEverywhere(UInt64.self, text)
    }

    /// 128-bit integers past 64 bits written with an exponent or a fraction: exact integers that the bridge
    /// decodes, where `JSONDecoder` (swift-foundation) fails with "The given data was not valid JSON."
    static let wideWithExponent = ["1e38", "-1e38", "1.5e38", "3.4028235e38", "123456789012345678901234567890.0"]

    static let wideNumbers = numbers.filter { !wideWithExponent.contains($0) } + [
        "170141183460469231731687303715884105727", "170141183460469231731687303715884105728",
        "-170141183460469231731687303715884105728", "-170141183460469231731687303715884105729",
        "340282366920938463463374607431768211455", "340282366920938463463374607431768211456", "1e39",
        "1.25e2", "-18446744073709551616", "00", "1e-1",
    ]

    @Test("128-bit integers: the same values and error cases as JSONDecoder", arguments: wideNumbers)
    func wideIntegers(text: String) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            expectSameEverywhere(Int128.self, text)
            expectSameEverywhere(UInt128.self, text)
        }
    }

    @Test("128-bit integers with an exponent are exact, where JSONDecoder fails (documented)")
    func wideIntegersWithExponent() throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        // The text, and the digits it spells as Int128 and as UInt128 (nil: out of range).
        let e38 = "100000000000000000000000000000000000000"
        let cases: [(String, String?, String?)] = [
            ("1e38", e38, e38), ("-1e38", "-" + e38, nil),
            ("1.5e38", "150000000000000000000000000000000000000", "150000000000000000000000000000000000000"),
            ("3.4028235e38", nil, "340282350000000000000000000000000000000"),
            ("123456789012345678901234567890.0", "123456789012345678901234567890", "123456789012345678901234567890"),
        ]
        #expect(Set(cases.map(\.0)) == Set(Self.wideWithExponent))
        let decoder = JSONMapperDecoder()
        for (text, signed, unsigned) in cases {
            let signedValue = signed.flatMap { Int128($0) }
            let unsignedValue = unsigned.flatMap { UInt128($0) }
            #expect(signedValue?.description == signed && unsignedValue?.description == unsigned)
            #expect((try? decoder.decode(Int128.self, from: json(text))) == signedValue, "\(text)")
            #expect((try? decoder.decode(Box<Int128>.self, from: json(#"{"v":\#(text)}"#)))?.v == signedValue)
            #expect((try? decoder.decode(UInt128.self, from: json(text))) == unsignedValue, "\(text)")
            #expect((try? decoder.decode([UInt128].self, from: json("[\(text)]")))?.first == unsignedValue)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Int128.self, from: json(text)) }
        }
    }

    @Test(
        "Double and Float: the nearest value, out of range or a non-zero rounding to zero an error", arguments: numbers)
    func floatingPoint(text: String) {
        expectSameEverywhere(Double.self, text)
        expectSameEverywhere(Float.self, text)
        // JSONDecoder cannot read a Decimal zero whose exponent is beyond Decimal's; the bridge reads 0 (see below).
        if text != "0e-5000" { expectSameEverywhere(Decimal.self, text) }
    }

    @Test("a zero written with a huge exponent is a Decimal zero, where JSONDecoder fails (a documented difference)")
    func decimalZeroWithHugeExponent() throws {
        #expect(try JSONMapperDecoder().decode(Decimal.self, from: json("0e-5000")) == 0)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Decimal.self, from: json("0e-5000")) }
    }

    @Test("-0.0 keeps its sign")
    func negativeZero() throws {
        let foundation = try JSONDecoder().decode([Double].self, from: json("[-0.0, -0, 0]"))
        let mapper = try JSONMapperDecoder().decode([Double].self, from: json("[-0.0, -0, 0]"))
        #expect(mapper.map(\.sign) == foundation.map(\.sign))
        #expect(mapper.map(\.sign) == [.minus, .minus, .plus])
        let float = try JSONMapperDecoder().decode(Box<Float>.self, from: json(#"{"v": -0.0}"#))
        #expect(float.v.sign == .minus)
    }

    static let others = [
        "true", "false", "null", "0", "1", "\"true\"", "\"\"", #""a\u00e9\n\"""#, #""\ud83d\ude00""#, "\"é\"", "[]",
        "{}", #""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#,
    ]

    @Test("Bool and String are strict; an escaped lone surrogate is dataCorrupted", arguments: others)
    func boolAndString(text: String) {
        expectSameEverywhere(Bool.self, text)
        expectSameEverywhere(String.self, text)
    }

    @Test(
        "URL, UUID and Data call the same Foundation API",
        arguments: [
            #""https://example.com/a?b#c""#, #""/relative/path""#, #""https://api.github.com/repos/x/labels{/name}""#,
            #""not a url""#, #""""#, #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#,
            #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#,
            #""AAECAw==""#, #""AAECAw""#, #""!!""#, "1", "null",
        ])
    func foundationTypes(text: String) {
        expectSameEverywhere(URL.self, text)
        expectSameEverywhere(UUID.self, text)
        expectSameEverywhere(Data.self, text)
    }

    @Test(
        "numbers of Decimal keep the digits Decimal keeps",
        arguments: [
            "0.1", "123.456", "-0.000001", "1e10", "99999999999999999999999999999999999999", "1e-100", "3.14159e2",
        ])
    func decimals(text: String) throws {
        expectSameEverywhere(Decimal.self, text)
        #expect(
            try JSONMapperDecoder().decode(Decimal.self, from: json(text)).description
                == JSONDecoder().decode(Decimal.self, from: json(text)).description)
    }
}
