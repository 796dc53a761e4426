import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// The text one value is written as, as the member `v`: `{"v":…}` gives `…`.
func text<T: JSONWritableValue>(_ value: T, _ options: JSONMapper.WriteOptions = .default) -> String {
    let whole = written(Writes { c in c.set("v", value) }, options)
    return String(whole.dropFirst(5).dropLast())
}

@Suite("Writing values: strings, numbers and dates")
struct WritingValueTests {
    @Test("strings escape quote, backslash and controls only; short forms where JSON has them")
    func escapes() {
        #expect(text("plain") == #""plain""#)
        #expect(text("q\"b\\s/") == #""q\"b\\s/""#)
        #expect(text("\n\t\r\u{8}\u{C}") == #""\n\t\r\b\f""#)
        #expect(text("\u{0}\u{1}\u{1F}\u{7F}") == #""\u0000\u0001\u001F\#u{7F}""#)
        #expect(text("é😀 ü") == "\"é😀 ü\"")
        let long = String(repeating: "abcdefgh", count: 100) + "\"" + String(repeating: "x", count: 7)
        #expect(text(long) == "\"" + String(repeating: "abcdefgh", count: 100) + "\\\"xxxxxxx\"")
        // Every control character, each alone and inside a run of plain text.
        for scalar in (0..<0x20).compactMap(Unicode.Scalar.init) {
            let written = text("abcdefghij\(Character(scalar))klmnop")
            let read = JSONMapper.context(Data(("{\"v\":" + written + "}").utf8)).getString("v")
            #expect(read == "abcdefghij\(Character(scalar))klmnop")
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 })
        }
    }

    @Test("escapesSlashes and escapesNonASCII, with surrogate pairs above U+FFFF")
    func escapeOptions() {
        #expect(text("a/b", JSONMapper.WriteOptions(escapesSlashes: true)) == #""a\/b""#)
        let ascii = JSONMapper.WriteOptions(escapesNonASCII: true)
        #expect(text("é😀x\n", ascii) == #""\u00E9\uD83D\uDE00x\n""#)
        #expect(text("\u{7FF}\u{800}\u{FFFF}", ascii) == #""\u07FF\u0800\uFFFF""#)
        let read = JSONMapper.context(Data(("{\"v\":" + text("é😀", ascii) + "}").utf8)).getString("v")
        #expect(read == "é😀")
    }

    @Test(
        "Double: the shortest text that reads back, in JSON's form",
        arguments: [
            (0.1, "0.1"), (1e16, "1e16"), (100.0, "100"), (-0.0, "-0"), (0.0, "0"),
            (Double.leastNonzeroMagnitude, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e308"), (1e-5, "1e-5"), (-1.5e-7, "-1.5e-7"),
            (123456.789, "123456.789"), (9007199254740992.0, "9007199254740992"), (1e300, "1e300"),
            (2.5e16, "2.5e16"), (-42, "-42"), (0.30000000000000004, "0.30000000000000004"),
        ])
    func doubles(value: Double, expected: String) {
        #expect(text(value) == expected)
        #expect(JSONValue.Number(value)?.text == expected)
    }

    @Test("Float: the shortest text for the Float, never the Double's digits")
    func floats() {
        #expect(text(Float(0.1)) == "0.1")
        #expect(text(Float(1) / 3) == "0.33333334")
        #expect(text(Float.greatestFiniteMagnitude) == "3.4028235e38")
        #expect(text(Float.leastNonzeroMagnitude) == "1e-45")
        #expect(text(Float(-0.0)) == "-0")
        #expect(text(Float(16_777_216)) == "16777216")
        #expect(text(Float(1e10)) == "1e10")
    }

    @Test("integers of every width, exactly")
    func integers() {
        #expect(text(Int.min) == "-9223372036854775808")
        #expect(text(Int.max) == "9223372036854775807")
        #expect(text(UInt64.max) == "18446744073709551615")
        #expect(text(UInt.max) == "18446744073709551615")
        #expect(text(Int8.min) == "-128")
        #expect(text(Int16.min) == "-32768")
        #expect(text(Int32.min) == "-2147483648")
        #expect(text(Int64.min) == "-9223372036854775808")
        #expect(text(UInt8.max) == "255")
        #expect(text(UInt16.max) == "65535")
        #expect(text(UInt32.max) == "4294967295")
        #expect(
            text([0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 123_456_789])
                == "[0,9,10,99,100,999,1000,9999,10000,123456789]")
        for _ in 0..<1000 {
            let value = Int64.random(in: .min ... .max) >> Int64.random(in: 0...63)
            #expect(text(value) == String(value))
        }
    }

    @Test("Decimal exactly")
    func decimals() {
        #expect(text(Decimal(string: "0.1")) == "0.1")
        #expect(text(Decimal(string: "-12345678901234567890.123456789")) == "-12345678901234567890.123456789")
        #expect(text(Decimal(string: "1e30")) == "1000000000000000000000000000000")
        #expect(text(Decimal(string: "1e-5")) == "0.00001")
        #expect(text(Decimal(0)) == "0")
    }

    @Test("bools and null")
    func literals() {
        #expect(text(true) == "true")
        #expect(text([false, true]) == "[false,true]")
        #expect(text(JSONValue.null) == "null")
    }

    @Test("dates: ISO 8601 in UTC, milliseconds only when not zero")
    func iso8601() {
        #expect(text(Date(timeIntervalSince1970: 0)) == #""1970-01-01T00:00:00Z""#)
        #expect(text(Date(timeIntervalSince1970: 1_795_000_000.5)) == #""2026-11-18T11:06:40.500Z""#)
        #expect(text(Date(timeIntervalSince1970: -1)) == #""1969-12-31T23:59:59Z""#)
        #expect(text(Date(timeIntervalSince1970: 951_782_400.007)) == #""2000-02-29T00:00:00.007Z""#)
        #expect(text(Date(timeIntervalSince1970: -62_167_219_200)) == #""0000-01-01T00:00:00Z""#)
        #expect(text(Date(timeIntervalSince1970: 253_402_300_799.999)) == #""9999-12-31T23:59:59.999Z""#)
        let tooLate = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(from: Writes { c in c.set("when", Date(timeIntervalSince1970: 253_402_300_800)) })
        }
        #expect(
            tooLate?.description == "when: cannot write Date 253402300800.0 as ISO 8601: outside the years 0000 to 9999"
        )
        // Every day of 400 years (one Gregorian cycle) reads back as the same day.
        for day in stride(from: -146_097, to: 146_097 * 2, by: 1) where day % 37 == 0 {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 3661)
            let read = JSONMapper.context(Data(("{\"v\":" + text(date) + "}").utf8)).getDate("v")
            #expect(read == date)
        }
    }

    @Test("dates with other strategies: epoch numbers, a formatter, a custom format")
    func strategies() {
        let date = Date(timeIntervalSince1970: 1_795_000_000.25)
        #expect(text(date, JSONMapper.WriteOptions(dateStrategy: .secondsSince1970)) == "1795000000.25")
        #expect(text(date, JSONMapper.WriteOptions(dateStrategy: .millisecondsSince1970)) == "1795000000250")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        #expect(text(date, JSONMapper.WriteOptions(dateStrategy: .formatted(formatter))) == #""2026/11/18""#)
        let custom = DateStrategy.custom(
            "days", parse: { Double($0).map { Date(timeIntervalSince1970: $0 * 86_400) } },
            format: { String(Int($0.timeIntervalSince1970 / 86_400)) })
        #expect(text(date, JSONMapper.WriteOptions(dateStrategy: custom)) == #""20775""#)
        #expect(
            text(date, JSONMapper.WriteOptions(dateStrategy: .custom { _ in nil })) == #""2026-11-18T11:06:40.250Z""#)
        let model = Writes { c in
            c.set("a", date, strategy: .secondsSince1970)
            c.set("b", [date], strategy: .millisecondsSince1970)
            c.set("c", nil as Date?, strategy: .iso8601)
        }
        #expect(written(model) == #"{"a":1795000000.25,"b":[1795000000250]}"#)
        let infinite = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(
                from: Writes { c in c.set("t", Date(timeIntervalSince1970: .infinity), strategy: .secondsSince1970) })
        }
        #expect(infinite?.description == "t: cannot write Date inf: not a finite time")
    }
}
