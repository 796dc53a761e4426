import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Dates")
struct DateTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    /// Seconds since 1970 of 2026-11-21T09:30:00Z, computed independently of the parser.
    static let reference: TimeInterval = 1_795_253_400

    @Test(
        "ISO 8601 date-times with any fraction and any zone",
        arguments: [
            ("2026-11-21T09:30:00Z", reference),
            ("2026-11-21t09:30:00z", reference),
            ("2026-11-21 09:30:00Z", reference),
            ("2026-11-21T09:30:00.5Z", reference + 0.5),
            ("2026-11-21T09:30:00.123456789Z", reference + 0.123456789),
            ("2026-11-21T10:30:00+01:00", reference),
            ("2026-11-21T10:30:00+0100", reference),
            ("2026-11-21T10:30:00+01", reference),
            ("2026-11-21T04:00:00-05:30", reference),
            ("2026-11-21", reference - 9.5 * 3600),
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("2016-12-31T23:59:60Z", 1_483_228_800),
            ("0001-01-01T00:00:00Z", -62_135_596_800),
        ])
    func iso8601(text: String, expected: TimeInterval) throws {
        let c = context("{\"at\": \"\(text)\"}")
        let date = try #require(c.getDate("at"))
        #expect(abs(date.timeIntervalSince1970 - expected) < 1e-6, "\(text): \(date.timeIntervalSince1970)")
        #expect(c.errors.isEmpty)
    }

    @Test(
        "strings that are not ISO 8601 date-times are mismatches naming the text",
        arguments: [
            "yesterday", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-31", "2026-11-21T24:00:00Z",
            "2026-11-21T09:60:00Z", "2026-11-21T09:30:00", "2026-11-21T09:30:00.Z", "2026-11-21T09:30:00.1234567890Z",
            "2026-11-21T09:30:00+24:00", "26-11-21", "2026-11-21T09:30Z", " 2026-11-21T09:30:00Z", "",
        ])
    func notISO8601(text: String) {
        let c = context("{\"at\": \(Quoting.quoted(text))}")
        #expect(c.getDate("at") == nil)
        #expect(descriptions(c) == ["at: expected Date (ISO 8601), found String \(Quoting.quoted(text, limit: 40))"])
    }

    @Test("seconds and milliseconds since 1970, from numbers or numeric strings", arguments: engines)
    func sinceEpoch(engine: JSONMapper.Engine) {
        let text = #"""
            {"s": 1795253400, "sf": 1795253400.25, "ss": "1795253400", "ms": 1795253400250, "mss": "1795253400250",
             "bad": "soon"}
            """#
        let c = context(text, engine: engine)
        #expect(c.getDate("s", strategy: .secondsSince1970)?.timeIntervalSince1970 == Self.reference)
        #expect(c.getDate("sf", strategy: .secondsSince1970)?.timeIntervalSince1970 == Self.reference + 0.25)
        #expect(c.getDate("ss", strategy: .secondsSince1970)?.timeIntervalSince1970 == Self.reference)
        #expect(c.getDate("ms", strategy: .millisecondsSince1970)?.timeIntervalSince1970 == Self.reference + 0.25)
        #expect(c.getDate("mss", strategy: .millisecondsSince1970)?.timeIntervalSince1970 == Self.reference + 0.25)
        #expect(c.getDate("bad", strategy: .secondsSince1970) == nil)
        #expect(c.getDate("s") == nil)
        #expect(
            descriptions(c) == [
                #"bad: expected Date (seconds since 1970), found String "soon""#,
                "s: expected Date (ISO 8601), found Number 1795253400",
            ])
    }

    /// A date read from text and the instant written: the whole second since 1970 and the nanoseconds into it.
    struct Instant: CustomStringConvertible, Sendable {
        let text: String
        let second: Int
        let nanoseconds: Int

        var description: String { text }
    }

    /// Checks that `date` is the latest `Date` not after `instant`: in the written second (compared with the date
    /// of the whole second, built from an integer), and not one representable step short of the instant.
    static func check(_ date: Date?, is instant: Instant, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let date else {
            Issue.record("\(instant.text): no date", sourceLocation: sourceLocation)
            return
        }
        let offset = date.timeIntervalSince(Date(timeIntervalSince1970: TimeInterval(instant.second)))
        #expect(0 <= offset && offset < 1, "\(instant.text): \(offset)", sourceLocation: sourceLocation)
        let value = date.timeIntervalSinceReferenceDate
        let second = instant.second - InstantOracle.referenceSince1970
        let nanoseconds = instant.nanoseconds
        #expect(
            InstantOracle.isAtOrBefore(value, second: second, numerator: nanoseconds, denominator: 1_000_000_000),
            "\(instant.text): after the instant", sourceLocation: sourceLocation)
        #expect(
            !InstantOracle.isAtOrBefore(
                value.nextUp, second: second, numerator: nanoseconds, denominator: 1_000_000_000),
            "\(instant.text): a later Date is not after the instant", sourceLocation: sourceLocation)
    }

    /// The last second ISO 8601's four-digit years hold, 9999-12-31T23:59:59Z: 8,000 Gregorian years (1,940 of
    /// them leap years) after 1999-12-31T23:59:59Z, which is 946,684,799.
    static let lastSecond = 946_684_799 + (8_000 * 365 + 1_940) * 86_400

    static let boundaries: [Instant] = [
        Instant(text: "9999-12-31T23:59:59.999999999Z", second: lastSecond, nanoseconds: 999_999_999),
        Instant(text: "9999-12-31T23:59:59.9999999Z", second: lastSecond, nanoseconds: 999_999_900),
        Instant(text: "9999-12-31T23:59:59.5Z", second: lastSecond, nanoseconds: 500_000_000),
        Instant(text: "9999-12-31T23:59:59Z", second: lastSecond, nanoseconds: 0),
        Instant(text: "9999-12-31", second: lastSecond - 86_399, nanoseconds: 0),
        Instant(text: "0001-01-01T00:00:00.999999999Z", second: -62_135_596_800, nanoseconds: 999_999_999),
        Instant(text: "0000-01-01T00:00:00.999999999Z", second: -62_167_219_200, nanoseconds: 999_999_999),
        // A leap second is the first second of the next day, as Date has no leap seconds.
        Instant(text: "2016-12-31T23:59:60.999999999Z", second: 1_483_228_800, nanoseconds: 999_999_999),
        Instant(text: "2026-11-21T10:30:59.999999999+01:00", second: Int(reference) + 59, nanoseconds: 999_999_999),
        Instant(text: "2026-11-21T04:00:59.999999999-05:30", second: Int(reference) + 59, nanoseconds: 999_999_999),
        Instant(text: "2026-11-21T09:30:00,000000001Z", second: Int(reference), nanoseconds: 1),
        Instant(text: "1970-01-01T00:00:00.999999999Z", second: 0, nanoseconds: 999_999_999),
        Instant(text: "1969-12-31T23:59:59.999999999Z", second: -1, nanoseconds: 999_999_999),
        // Around the reference date, where a Double holds far more than nanoseconds.
        Instant(text: "2000-12-31T23:59:59.999999999Z", second: 978_307_199, nanoseconds: 999_999_999),
        Instant(text: "2000-12-31T23:59:59.000000001Z", second: 978_307_199, nanoseconds: 1),
        Instant(text: "2001-01-01T00:00:00.000000001Z", second: 978_307_200, nanoseconds: 1),
        Instant(text: "2001-01-01T00:00:01.999999999+00:00", second: 978_307_201, nanoseconds: 999_999_999),
    ]

    @Test("an ISO 8601 date stays in its written second: the fraction is truncated, never rounded up")
    func iso8601InItsSecond() {
        for engine in Self.engines {
            for instant in Self.boundaries {
                let c = context("{\"at\": \"\(instant.text)\"}", engine: engine)
                Self.check(c.getDate("at"), is: instant)
                #expect(c.errors.isEmpty)
            }
        }
    }

    @Test("the latest Date not after an instant, for random instants from the year 0 to 9999 and around 2001")
    func latestDate() {
        var generator = SplitMix64(seed: 0xDA7E)
        for round in 0..<2_000 {
            // Every other instant within a few seconds of 2001, where a Double holds much more than nanoseconds.
            let second =
                round % 2 == 0
                ? Int.random(in: -63_114_076_800...252_423_993_599, using: &generator)
                : Int.random(in: -3...3, using: &generator)
            let nanoseconds = Int.random(in: 0..<1_000_000_000, using: &generator)
            let date = Date(referenceSecond: second, plus: nanoseconds, over: 1_000_000_000)
            let expected = InstantOracle.latest(second: second, numerator: nanoseconds, denominator: 1_000_000_000)
            #expect(date.timeIntervalSinceReferenceDate == expected, "\(second) + \(nanoseconds) ns")
        }
        // Instants a nanosecond from 2001, far smaller than the fraction that makes them.
        for (second, nanoseconds) in [(-1, 999_999_999), (-1, 1), (0, 1), (0, 999_999_999), (-2, 999_999_999)] {
            let date = Date(referenceSecond: second, plus: nanoseconds, over: 1_000_000_000)
            let expected = InstantOracle.latest(second: second, numerator: nanoseconds, denominator: 1_000_000_000)
            #expect(date.timeIntervalSinceReferenceDate == expected, "\(second) + \(nanoseconds) ns")
        }
    }

    @Test("a date read from its last nanoseconds is written in the same second")
    func writtenInItsSecond() throws {
        let c = context(#"{"a": "9999-12-31T23:59:59.999999999Z", "b": "2000-12-31T23:59:59.9999Z"}"#)
        let dates = try [#require(c.getDate("a")), #require(c.getDate("b"))]
        let written = try JSONMapper.data(from: dates)
        #expect(String(decoding: written, as: UTF8.self) == #"["9999-12-31T23:59:59.999Z","2000-12-31T23:59:59.999Z"]"#)
    }

    /// Numbers of seconds or milliseconds since 1970 and the instant they name: the second and the nanoseconds
    /// into it (a negative number lies in the second before its whole part).
    static let epochs: [(text: String, strategy: DateStrategy, second: Int, nanoseconds: Int)] = [
        ("253402300799.999999999", .secondsSince1970, lastSecond, 999_999_999),
        ("253402300799999.999999", .millisecondsSince1970, lastSecond, 999_999_999),
        ("1795253400250", .millisecondsSince1970, Int(reference), 250_000_000),
        ("1.999999999", .secondsSince1970, 1, 999_999_999),
        ("-1", .secondsSince1970, -1, 0),
        ("-0.5", .secondsSince1970, -1, 500_000_000),
        ("-0.000000001", .secondsSince1970, -1, 999_999_999),
        ("-1500", .millisecondsSince1970, -2, 500_000_000),
        ("-62135596800.000000001", .secondsSince1970, -62_135_596_801, 999_999_999),
        ("978307199.999999999", .secondsSince1970, 978_307_199, 999_999_999),
        ("0.0e5", .secondsSince1970, 0, 0),
        ("2.5e-1", .secondsSince1970, 0, 250_000_000),
    ]

    @Test("seconds and milliseconds since 1970 stay in their second, as numbers and strings", arguments: engines)
    func epochInItsSecond(engine: JSONMapper.Engine) {
        for (text, strategy, second, nanoseconds) in Self.epochs {
            let c = context("{\"n\": \(text), \"s\": \"\(text)\"}", engine: engine)
            let instant = Instant(text: "\(text) (\(engine))", second: second, nanoseconds: nanoseconds)
            Self.check(c.getDate("n", strategy: strategy), is: instant)
            Self.check(c.getDate("s", strategy: strategy), is: instant)
        }
    }

    @Test("numbers with more places than nanoseconds stay in their second", arguments: engines)
    func longFractionsInTheirSecond(engine: JSONMapper.Engine) throws {
        let cases: [(text: String, second: Int)] = [
            ("1.9999999999999999999", 1), ("-1e-20", -1), ("253402300799.99999999999999999", Self.lastSecond),
            ("-0.99999999999999999999", -1), ("-1.00000000000000000001", -2),
        ]
        for (text, second) in cases {
            let c = context("{\"n\": \(text)}", engine: engine)
            let date = try #require(c.getDate("n", strategy: .secondsSince1970), "\(text)")
            let offset = date.timeIntervalSince(Date(timeIntervalSince1970: TimeInterval(second)))
            #expect(0 <= offset && offset < 1, "\(text) (\(engine)): \(offset)")
        }
    }

    @Test("a context-wide strategy, overridden per call, also reads arrays of dates")
    func contextStrategy() {
        var options = JSONMapper.Options()
        options.dateStrategy = .millisecondsSince1970
        let c = JSONMapper.context(
            json(#"{"at": 1000, "iso": "1970-01-01T00:00:02Z", "list": [0, 3000, "x"]}"#), options: options)
        #expect(c.getDate("at")?.timeIntervalSince1970 == 1)
        #expect(c.getDate("iso", strategy: .iso8601)?.timeIntervalSince1970 == 2)
        let list: [Date] = c.getArray("list")
        #expect(list.map(\.timeIntervalSince1970) == [0, 3])
        #expect(
            descriptions(c) == [
                #"list[2]: expected Date (milliseconds since 1970), found String "x""#, "list[2]: dropped from [Date]",
            ])
    }

    @Test("a DateFormatter or a closure")
    func customStrategies() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy"
        let c = context(#"{"day": "21/11/2026", "bad": "2026-11-21", "epoch": "EPOCH"}"#)
        #expect(c.getDate("day", strategy: .formatted(formatter))?.timeIntervalSince1970 == Self.reference - 9.5 * 3600)
        #expect(c.getDate("bad", strategy: .formatted(formatter)) == nil)
        let custom = DateStrategy.custom("EPOCH literal") { $0 == "EPOCH" ? Date(timeIntervalSince1970: 0) : nil }
        #expect(c.getDate("epoch", strategy: custom) == Date(timeIntervalSince1970: 0))
        #expect(c.getDate("day", strategy: custom) == nil)
        #expect(
            descriptions(c) == [
                #"bad: expected Date (format "dd/MM/yyyy"), found String "2026-11-21""#,
                #"day: expected Date (EPOCH literal), found String "21/11/2026""#,
            ])
    }

    @Test("required and default dates")
    func requiredAndDefault() {
        let c = context(#"{"at": "nope"}"#)
        let fallback = Date(timeIntervalSince1970: 42)
        #expect(c.getDate("missing", default: fallback) == fallback)
        #expect(c.getDate("at", default: fallback) == fallback)
        #expect(c.requireDate("missing") == Date(timeIntervalSince1970: 0))
        #expect(c.hasFailed)
        #expect(
            descriptions(c) == [
                #"at: expected Date (ISO 8601), found String "nope""#, "missing: missing required Date (ISO 8601)",
            ])
    }
}
