import Foundation
import JSONMapper
import JSONMapperTestSupport

// Generated models and values for the round-trip properties: every kind of member `set` writes, with random
// contents from a seeded generator, so that a failure can be replayed.

extension SplitMix64 {
    /// A string of random length with ASCII, controls, quotes, backslashes, accents, CJK and emoji.
    mutating func string(maxLength: Int = 12) -> String {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{301}", "€", "中",
            "\u{FFFF}", "😀", "\u{10FFFF}", ".", "[",
        ]
        let length = Int.random(in: 0...maxLength, using: &self)
        var text = ""
        for _ in 0..<length {
            text.unicodeScalars.append(
                Bool.random(using: &self)
                    ? Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &self))
                    : pool[Int.random(in: 0..<pool.count, using: &self)])
        }
        return text
    }

    /// Any finite `Double`: random bit patterns, whole numbers, short decimals, extremes.
    mutating func double() -> Double {
        switch Int.random(in: 0..<4, using: &self) {
        case 0:
            let value = Double(bitPattern: next())
            return value.isFinite ? value : 0.5
        case 1: return Double(Int64.random(in: -1_000_000...1_000_000, using: &self))
        case 2: return Double(Int.random(in: -99_999...99_999, using: &self)) / 100
        default:
            return [0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, 1e16, 0.1][
                Int.random(in: 0..<7, using: &self)]
        }
    }

    mutating func float() -> Float {
        let value = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
        return value.isFinite ? value : 1.5
    }

    /// A `Decimal` of up to 30 significant digits, from its text.
    mutating func decimal() -> Decimal {
        let digits = (0..<Int.random(in: 1...30, using: &self)).map { _ in String(Int.random(in: 0...9, using: &self)) }
        let text =
            (Bool.random(using: &self) ? "-" : "") + digits.joined() + "e\(Int.random(in: -40...40, using: &self))"
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    /// A date with millisecond precision between the years 0000 and 9999, as the ISO 8601 reader gives it: the
    /// latest `Date` not after the written instant.
    mutating func date() -> Date {
        let seconds = Int.random(in: -62_167_219_200...253_402_300_799, using: &self)
        let milliseconds = Bool.random(using: &self) ? 0 : Int.random(in: 0...999, using: &self)
        return Date(
            timeIntervalSinceReferenceDate: InstantOracle.latest(
                second: seconds - InstantOracle.referenceSince1970, numerator: milliseconds, denominator: 1000))
    }

    /// A `JSONValue` of at most `depth` levels, with numbers written in many ways; `extremes` adds numbers beyond
    /// `Double`'s range, which JSONSerialization rejects.
    mutating func value(depth: Int, extremes: Bool = true) -> JSONValue {
        let kind = Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &self)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &self))
        case 2: return .string(string())
        case 3:
            let texts = [
                "0", "-0", "1.5e300", "12345678901234567890123", "0.1", "1E-7", "-2.50", "1e400", "-1e-400",
                String(Int64.random(in: .min ... .max, using: &self)),
            ]
            let text = texts[Int.random(in: 0..<texts.count, using: &self)]
            guard extremes || !text.contains("400") else { return 0.25 }
            return .number(JSONValue.Number(text: text) ?? 0)
        case 4: return .number(JSONValue.Number(double()) ?? 0)
        case 5:
            return .array(
                (0..<Int.random(in: 0...4, using: &self)).map { _ in value(depth: depth - 1, extremes: extremes) })
        default:
            var object = JSONValue.Object()
            for _ in 0..<Int.random(in: 0...4, using: &self) {
                object[string(maxLength: 4)] = value(depth: depth - 1, extremes: extremes)
            }
            return .object(object)
        }
    }
}

/// A model with a member of every kind `set` writes and getters read back.
struct Sample: JSONSerializable, JSONWritable, Equatable {
    enum Kind: String, CaseIterable { case small, large, huge }
    enum Rank: Int, CaseIterable { case one = 1, two = 2 }

    var text = ""
    var optionalText: String?
    var flag = false
    var int = 0
    var int8: Int8 = 0
    var int64: Int64 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var decimal: Decimal = 0
    var url: URL?
    var date = Date(timeIntervalSince1970: 0)
    var kind = Kind.small
    var ranks: [Rank] = []
    var child: Child?
    var children: [Child] = []
    var grid: [[Double]] = []
    var counts: [String: Int] = [:]
    var extra: JSONValue = .null

    struct Child: JSONSerializable, JSONWritable, Equatable {
        var name = ""
        var tags: [String] = []

        init(name: String, tags: [String]) {
            self.name = name
            self.tags = tags
        }

        init(_ c: JSONDeserializationContext) {
            name = c.requireString("name")
            tags = c.requireArray("tags")
        }

        func write(to c: JSONSerializationContext) {
            c.set("name", name)
            c.set("tags", tags)
        }
    }

    init(using g: inout SplitMix64) {
        text = g.string()
        optionalText = Bool.random(using: &g) ? g.string() : nil
        flag = Bool.random(using: &g)
        int = Int.random(in: .min ... .max, using: &g)
        int8 = Int8.random(in: .min ... .max, using: &g)
        int64 = Int64.random(in: .min ... .max, using: &g)
        uint64 = UInt64.random(in: .min ... .max, using: &g)
        double = g.double()
        float = g.float()
        decimal = g.decimal()
        url =
            Bool.random(using: &g)
            ? URL(string: "https://example.com/\(Int.random(in: 0...999, using: &g))?q=a%20b") : nil
        date = g.date()
        kind = Kind.allCases[Int.random(in: 0..<3, using: &g)]
        ranks = (0..<Int.random(in: 0...3, using: &g)).map { _ in Rank.allCases[Int.random(in: 0..<2, using: &g)] }
        child = Bool.random(using: &g) ? Child(name: g.string(), tags: [g.string()]) : nil
        children = (0..<Int.random(in: 0...3, using: &g)).map { _ in
            Child(name: g.string(), tags: [g.string(), g.string()])
        }
        grid = (0..<Int.random(in: 0...3, using: &g)).map { _ in
            (0..<Int.random(in: 0...3, using: &g)).map { _ in g.double() }
        }
        for _ in 0..<Int.random(in: 0...3, using: &g) {
            counts[g.string(maxLength: 5)] = Int.random(in: -9...9, using: &g)
        }
        extra = g.value(depth: 3, extremes: false)
    }

    init(_ c: JSONDeserializationContext) {
        text = c.requireString("text")
        optionalText = c.getString("optional_text")
        flag = c.requireBool("flag")
        int = c.requireInt("int")
        int8 = c.getInt("int8").flatMap(Int8.init(exactly:)) ?? 0
        int64 = c.requireInt64("int64")
        uint64 = c.requireUInt64("uint64")
        double = c.requireDouble("double")
        float = c.requireFloat("float")
        decimal = c.requireDecimal("decimal")
        url = c.getURL("url")
        date = c.requireDate("date")
        kind = c.requireEnum("kind")
        ranks = c.requireArray("ranks").compactMap(Rank.init(rawValue:))
        child = c.getObject("child", ofClass: Child.self)
        children = c.requireArray("children", ofClass: Child.self)
        grid = c.requireArray("grid")
        counts = c.requireDictionary("counts")
        extra = c.requireValue("extra")
    }

    func write(to c: JSONSerializationContext) {
        c.set("text", text)
        c.set("optional_text", optionalText)
        c.set("flag", flag)
        c.set("int", int)
        c.set("int8", int8)
        c.set("int64", int64)
        c.set("uint64", uint64)
        c.set("double", double)
        c.set("float", float)
        c.set("decimal", decimal)
        c.set("url", url)
        c.set("date", date)
        c.set("kind", kind)
        c.set("ranks", ranks)
        c.set("child", child)
        c.set("children", children)
        c.set("grid", grid)
        c.set("counts", counts)
        c.set("extra", extra)
    }
}
