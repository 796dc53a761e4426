import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Scalar getters: strict types and exact numbers")
struct ScalarGetterTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test("getBool accepts only true and false", arguments: engines)
    func strictBool(engine: JSONMapper.Engine) {
        let c = context(#"{"t": true, "f": false, "one": 1, "zero": 0, "text": "true"}"#, engine: engine)
        #expect(c.getBool("t") == true)
        #expect(c.getBool("f") == false)
        #expect(c.getBool("one") == nil)
        #expect(c.getBool("zero") == nil)
        #expect(c.getBool("text") == nil)
        #expect(
            descriptions(c) == [
                "one: expected Bool, found Number 1",
                "zero: expected Bool, found Number 0",
                #"text: expected Bool, found String "true""#,
            ])
    }

    @Test("a Bool is never a number", arguments: engines)
    func boolIsNotANumber(engine: JSONMapper.Engine) {
        let c = context(#"{"t": true, "f": false}"#, engine: engine)
        #expect(c.getInt("t") == nil)
        #expect(c.getInt64("f") == nil)
        #expect(c.getDouble("t") == nil)
        #expect(c.getDecimal("t") == nil)
        #expect(
            descriptions(c) == [
                "t: expected Int, found Bool true",
                "f: expected Int64, found Bool false",
                "t: expected Double, found Bool true",
                "t: expected Decimal, found Bool true",
            ])
    }

    @Test("getString accepts only strings", arguments: engines)
    func strictString(engine: JSONMapper.Engine) {
        let c = context(#"{"s": "12", "n": 12, "b": false, "o": {}, "a": []}"#, engine: engine)
        #expect(c.getString("s") == "12")
        #expect(c.getString("n") == nil)
        #expect(c.getString("b") == nil)
        #expect(c.getString("o") == nil)
        #expect(c.getString("a") == nil)
        #expect(c.getInt("s") == nil)
        #expect(
            descriptions(c) == [
                "n: expected String, found Number 12",
                "b: expected String, found Bool false",
                "o: expected String, found Object",
                "a: expected String, found Array",
                #"s: expected Int, found String "12""#,
            ])
    }

    @Test("integers accept exact whole numbers in range", arguments: engines)
    func integers(engine: JSONMapper.Engine) throws {
        let c = JSONMapper.context(try TestFiles.fixture("numbers.json"), engine: engine)
        #expect(c.getInt("wholeFloat") == 42)
        #expect(c.getInt("exponent") == 1000)
        #expect(c.getInt("negativeExponent") == 25)
        #expect(c.getInt("capitalE") == 100)
        #expect(c.getInt("negativeZero") == 0)
        #expect(c.getInt64("int64Max") == Int64.max)
        #expect(c.getInt64("int64Min") == Int64.min)
        #expect(c.getInt("int64Max") == Int.max)
        #expect(c.getUInt64("uint64Max") == UInt64.max)
        #expect(c.getInt("fraction") == nil)
        #expect(c.getInt("huge") == nil)
        #expect(c.getInt("uint64Max") == nil)
        #expect(c.getUInt64("beyondUInt64") == nil)
        #expect(c.getUInt64("int64Min") == nil)
        #expect(c.getInt("bool") == nil)
        #expect(c.getInt("string") == nil)
        #expect(
            c.errors.map(\.path) == [
                "fraction", "huge", "uint64Max", "beyondUInt64", "int64Min", "bool", "string",
            ])
        #expect(c.errors.allSatisfy { $0.code == .typeMismatch && !$0.isRequired })
    }

    @Test("integer mismatches say why, word for word")
    func integerMessages() throws {
        let c = JSONMapper.context(try TestFiles.fixture("numbers.json"))
        _ = c.getInt("fraction")
        _ = c.getInt("huge")
        _ = c.getInt("uint64Max")
        _ = c.getDecimal("manyDigits")
        #expect(
            descriptions(c) == [
                "fraction: expected Int, found Number 3.7 (not a whole number)",
                "huge: expected Int, found Number 1e30 (out of range)",
                "uint64Max: expected Int, found Number 18446744073709551615 (out of range)",
                "manyDigits: expected Decimal, found Number 3.14159265358979323846264338327950288419…"
                    + " (more significant digits than Decimal holds)",
            ])
    }

    @Test("doubles are the nearest representable value")
    func doubles() throws {
        let c = JSONMapper.context(try TestFiles.fixture("numbers.json"))
        #expect(c.getDouble("tenth") == 0.1)
        #expect(c.getDouble("precise") == 0.30000000000000004)
        #expect(c.getDouble("beyondDouble") == 9007199254740992)
        #expect(c.getDouble("manyDigits") == Double.pi)
        #expect(c.getDouble("huge") == 1e30)
        #expect(c.getDouble("tiny") == 0)
        #expect(c.getDouble("int64Max") == 9223372036854775807.0)
        #expect(c.getDouble("uint64Max") == 18446744073709551615.0)
        #expect(c.getDouble("bool") == nil)
    }

    @Test("a number beyond Double's range is a mismatch, not infinity")
    func doubleOverflow() {
        let c = context(#"{"big": 1e400, "negative": -1.8e308, "max": 1.7976931348623157e308, "tiny": -4e-400}"#)
        #expect(c.getDouble("big") == nil)
        #expect(c.getDouble("negative") == nil)
        #expect(c.getDouble("max") == .greatestFiniteMagnitude)
        #expect(c.getDouble("tiny") == 0)
        #expect(
            descriptions(c) == [
                "big: expected Double, found Number 1e400 (out of range)",
                "negative: expected Double, found Number -1.8e308 (out of range)",
            ])
    }

    @Test("negative zero keeps its sign as a Double and is 0 as an integer")
    func negativeZero() throws {
        let c = JSONMapper.context(try TestFiles.fixture("numbers.json"))
        let zero = try #require(c.getDouble("negativeZero"))
        #expect(zero == 0 && zero.sign == .minus)
        let zeroFloat = try #require(c.getDouble("negativeZeroFloat"))
        #expect(zeroFloat.sign == .minus)
        #expect(c.getInt64("negativeZeroFloat") == 0)
        #expect(c.getDecimal("negativeZero") == 0)
    }

    @Test("floats are the nearest Float, not Double rounded twice")
    func floats() {
        // 1.00000017881393432617187499 lies just below the midpoint between two Floats; its nearest Double is
        // exactly that midpoint, so rounding the Double to Float would go the wrong way.
        let c = context(#"{"a": 3.5, "b": 0.1, "c": 1.00000017881393432617187499, "d": 1e39, "e": 16777217}"#)
        #expect(c.getFloat("a") == 3.5)
        #expect(c.getFloat("b") == Float(0.1))
        #expect(c.getFloat("c") == Float("1.00000017881393432617187499"))
        #expect(c.getFloat("c") == Float(bitPattern: 0x3F80_0001))
        #expect(c.getFloat("d") == nil)
        #expect(c.getFloat("e") == 16777216)
    }

    @Test("decimals are exact on the native engine")
    func decimals() throws {
        let c = JSONMapper.context(try TestFiles.fixture("numbers.json"))
        #expect(c.getDecimal("tenth") == Decimal(string: "0.1"))
        #expect(c.getDecimal("money") == Decimal(string: "1234567.89"))
        #expect(c.getDecimal("precise") == Decimal(string: "0.30000000000000004"))
        #expect(c.getDecimal("uint64Max") == Decimal(string: "18446744073709551615"))
        #expect(c.getDecimal("beyondDouble") == Decimal(string: "9007199254740993"))
        #expect(c.getDecimal("huge") == Decimal(string: "1e30"))
        #expect(c.getDecimal("negativeExponent") == 25)
        #expect(c.getDecimal("manyDigits") == nil)
        let sum = (c.getDecimal("tenth") ?? 0) + (c.getDecimal("tenth") ?? 0) + (c.getDecimal("tenth") ?? 0)
        #expect(sum == Decimal(string: "0.3"))
    }

    @Test("decimals at the edges of Decimal's range")
    func decimalEdges() {
        let c = context(
            #"""
            {"digits38": 12345678901234567890123456789012345678, "digits39": 123456789012345678901234567890123456789,
             "trailingZeros": 1.50000000000000000000000000000000000000000000, "big": 1e130, "small": 1e-130,
             "negative": -0.000123}
            """#)
        #expect(c.getDecimal("digits38") == Decimal(string: "12345678901234567890123456789012345678"))
        // 39 digits fit as long as they stay below 2^128, Decimal's largest significand.
        #expect(c.getDecimal("digits39") == Decimal(string: "123456789012345678901234567890123456789"))
        #expect(c.getDecimal("trailingZeros") == Decimal(string: "1.5"))
        #expect(c.getDecimal("big") == Decimal(string: "1000e127"))
        #expect(c.getDecimal("small") == nil)
        #expect(c.getDecimal("negative") == Decimal(string: "-0.000123"))
    }

    @Test("URLs come from strings that are RFC 3986 URI references (more in URLTests)")
    func urls() {
        let c = context(#"{"home": "https://example.com/a?b=c", "bad": "http://[::1", "number": 5}"#)
        #expect(c.getURL("home") == URL(string: "https://example.com/a?b=c"))
        #expect(c.getURL("bad") == nil)
        #expect(c.getURL("number") == nil)
        #expect(c.requireURL("missing") == URL(string: "about:blank"))
        #expect(
            descriptions(c) == [
                #"bad: expected URL, found String "http://[::1" (not a URL: the IP address after "[" has no "]")"#,
                "number: expected URL, found Number 5",
                "missing: missing required URL",
            ])
    }

    @Test("required getters return placeholders and record required failures")
    func requiredPlaceholders() {
        let c = context(#"{"n": null, "s": 5}"#)
        #expect(c.requireString("missing") == "")
        #expect(c.requireInt("n") == 0)
        #expect(c.requireString("s") == "")
        #expect(c.requireInt64("missing") == 0)
        #expect(c.requireUInt64("missing") == 0)
        #expect(c.requireDouble("missing") == 0)
        #expect(c.requireFloat("missing") == 0)
        #expect(c.requireBool("missing") == false)
        #expect(c.requireDecimal("missing") == 0)
        #expect(c.hasFailed)
        #expect(c.errors.allSatisfy { $0.isRequired })
        #expect(
            Array(descriptions(c).prefix(3)) == [
                "missing: missing required String",
                "n: expected Int, found null",
                "s: expected String, found Number 5",
            ])
        #expect(
            c.errors.map(\.code) == [.missingValue, .missingValue, .typeMismatch]
                + Array(repeating: .missingValue, count: 6))
    }

    @Test("strings decode escapes and Unicode", arguments: engines)
    func unicode(engine: JSONMapper.Engine) throws {
        let c = JSONMapper.context(try TestFiles.fixture("unicode.json"), engine: engine)
        #expect(c.getString("plain") == "café ☕")
        #expect(
            c.getString("escapes")
                == "quote \" backslash \\ slash / tab \t newline \n return \r backspace \u{8} formfeed \u{C}")
        #expect(c.getString("unicodeEscape") == "é中文")
        #expect(c.getString("surrogatePair") == "😀 grin")
        #expect(c.getString("nul") == "a\u{0}b")
        #expect(c.getString("emoji") == "👩‍👩‍👧‍👦")
        #expect(c.getString("clé") == "key with an accent")
        #expect(c.getString("with.dot") == "dotted key")
        #expect(c.getString("") == "empty key")
    }

    @Test("a lone surrogate escape becomes U+FFFD on the native engine")
    func loneSurrogate() throws {
        let c = context(#"{"loneSurrogate": "\ud800 alone"}"#)
        #expect(c.valid)
        #expect(c.getString("loneSurrogate") == "\u{FFFD} alone")
        let lone = context(#"["\uDC00\uD800x", "\uD83D\uD83D\uDE00"]"#)
        #expect(lone.getArray() == ["\u{FFFD}\u{FFFD}x", "\u{FFFD}😀"])
    }

    @Test("keys with escapes match their decoded text")
    func escapedKeys() {
        let c = context(#"{"caf\u00e9": 1, "a\"b": 2, "tab\tkey": 3}"#)
        #expect(c.getInt("café") == 1)
        #expect(c.getInt("a\"b") == 2)
        #expect(c.getInt("tab\tkey") == 3)
        #expect(c.getInt("cafe") == nil)
    }

    @Test("the last of duplicate keys wins, on both engines", arguments: engines)
    func duplicateKeys(engine: JSONMapper.Engine) {
        let c = context(#"{"a": 1, "b": 2, "a": 3}"#, engine: engine)
        #expect(c.getInt("a") == 3)
        #expect(c.getInt("b") == 2)
    }

    @Test("large objects (looked up through a member table) keep the same rules", arguments: engines)
    func largeObjectLookup(engine: JSONMapper.Engine) {
        var members = (0..<40).map { #""key\#($0)": \#($0)"# }
        members += [
            #""key7": "seven""#, #""caf\u00e9": 1, "café2": 2"#, #""": "empty""#,
            #""long key \#(String(repeating: "x", count: 30))": true"#,
        ]
        let c = context("{" + members.joined(separator: ", ") + "}", engine: engine)
        #expect(c.getInt("key0") == 0)
        #expect(c.getInt("key39") == 39)
        #expect(c.getString("key7") == "seven")
        #expect(c.getInt("café") == 1)
        #expect(c.getInt("café2") == 2)
        #expect(c.getString("") == "empty")
        #expect(c.getBool("long key " + String(repeating: "x", count: 30)) == true)
        #expect(c.getInt("key40") == nil)
        #expect(c.getInt("key") == nil)
        #expect(c.errors.isEmpty)
    }
}
