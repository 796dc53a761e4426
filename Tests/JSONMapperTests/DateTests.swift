import Foundation
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
