import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// Beyond `JSONDecoder`: every error names its culprit in the library's path syntax, malformed input carries the
/// library's error, and the whole document must be RFC 8259.
@Suite("JSONMapperDecoder: errors beyond JSONDecoder")
struct DecoderErrorTests {
    struct Timeline: Decodable, Equatable {
        let statuses: [Status]
    }

    struct Status: Decodable, Equatable {
        let user: User?
    }

    struct User: Decodable, Equatable {
        let id: Int
    }

    /// `JSONDecoder`'s description with the bridge's path in front: the bridge's description, word for word.
    func expectNamed<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, path: String, _ settings: DecoderSettings = .standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSameDecoding(type, text, settings, sourceLocation: sourceLocation)
        let foundation = debugDescription { _ = try settings.foundation().decode(type, from: json(text)) }
        let mapper = debugDescription { _ = try settings.mapper().decode(type, from: json(text)) }
        #expect(foundation != nil, sourceLocation: sourceLocation)
        #expect(mapper == foundation.map { path + ": " + $0 }, sourceLocation: sourceLocation)
    }

    @Test("type mismatches, nulls and missing keys are named by their path")
    func namedPaths() {
        let statuses = #"{"statuses": [{}, {}, {}, {"user": {"id": "12"}}]}"#
        expectNamed(Timeline.self, statuses, path: "statuses[3].user.id")
        expectNamed(Timeline.self, #"{"statuses": [{"user": {"id": null}}]}"#, path: "statuses[0].user.id")
        // A missing member: the member's path, where JSONDecoder's coding path stops at its container.
        expectNamed(Timeline.self, #"{"statuses": [{"user": {}}]}"#, path: "statuses[0].user.id")
        expectNamed(
            [String: [String: Int]].self, #"{"headers": {"content.type": "x"}}"#, path: #"headers["content.type"]"#)
        expectNamed(Timeline.self, #"{"statuses": {}}"#, path: "statuses")
    }

    @Test("the description names the member as the document writes it, under a converting key strategy")
    func snakeCasePath() {
        struct Account: Decodable, Equatable { let userId: Int }
        var settings = DecoderSettings()
        settings.keys = .convertFromSnakeCase
        expectNamed([Account].self, #"[{"user_id": true}]"#, path: "[0].user_id", settings)
    }

    enum Color: String, Decodable, Equatable { case red, green }

    @Test("errors the type's own init(from:) throws are named too (an unknown raw value)")
    func ownErrors() {
        struct Paint: Decodable, Equatable { let colors: [Color] }
        expectNamed(Paint.self, #"{"colors": ["red", "purple"]}"#, path: "colors[1]")
        expectNamed(Box<Color>.self, #"{"v": "blue"}"#, path: "v")
    }

    @Test("numbers that do not fit are dataCorrupted with an empty path, named in the description")
    func numbersThatDoNotFit() {
        expectSameDecoding(Box<[Int8]>.self, #"{"v": [1, 300]}"#)
        let description = debugDescription {
            _ = try JSONMapperDecoder().decode(Box<[Int8]>.self, from: json(#"{"v": [1, 300]}"#))
        }
        #expect(description == "v[1]: The number 300 does not fit in Int8.")
        let double = debugDescription { _ = try JSONMapperDecoder().decode([Double].self, from: json("[1e400]")) }
        #expect(double == "[0]: The number 1e400 does not fit in Double.")
        let surrogate = debugDescription {
            _ = try JSONMapperDecoder().decode([String].self, from: json(#"["\ud800"]"#))
        }
        #expect(surrogate == "[0]: The string holds an escaped lone surrogate, which is not Unicode text.")
    }

    @Test("an object whose key holds an escaped lone surrogate is dataCorrupted once opened, read or not")
    func surrogateKeys() {
        struct Few: Decodable, Equatable { let a: Int? }
        struct Many: Decodable, Equatable { let a: Int?, b: Int?, c: Int? }
        struct Outer: Decodable, Equatable { let s: [Few] }
        struct Nothing: Decodable, Equatable {
            init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: EncoderTestKey.self) }
        }
        let cases = [
            #"{"a": 1, "\udc00": 2}"#, #"{"\ud800": 2, "a": 1}"#, #"{"a\ud800b": 2, "a": 1}"#,
            #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j\udfff": 10}"#,
        ]
        for text in cases {
            #expect(expectSameDecoding(Few.self, text) == .failure("dataCorrupted at []"))
            #expect(expectSameDecoding(Many.self, text) == .failure("dataCorrupted at []"))
            #expect(expectSameDecoding(Nothing.self, text) == .failure("dataCorrupted at []"))
        }
        // In a dictionary too: with the default keys before any value is decoded, under a converting strategy
        // member by member, as in JSONDecoder.
        let dictionary = expectSameDecoding([String: Int].self, #"{"a": "x", "\udc00": 2}"#)
        #expect(dictionary == .failure("dataCorrupted at []"))
        var snakeCase = DecoderSettings()
        snakeCase.keys = .convertFromSnakeCase
        let converted = expectSameDecoding([String: Int].self, #"{"a": "x", "\udc00": 2}"#, snakeCase)
        #expect(converted == .failure("typeMismatch(Int) at [a]"))
        let convertedKey = expectSameDecoding([String: Int].self, #"{"a": 1, "\udc00": 2}"#, snakeCase)
        #expect(convertedKey == .failure("dataCorrupted at []"))
        // Escaped keys that are Unicode text decode; an object nobody opens is not looked at.
        #expect(expectSameDecoding(Few.self, #"{"\u0061": 1, "\ud83d\ude00": 2}"#) == .value(Few(a: 1)))
        #expect(expectSameDecoding(Box<Int>.self, #"{"v": 1, "w": {"\ud800": 2}}"#) == .value(Box(v: 1)))
        let inArray = expectSameDecoding(Outer.self, #"{"s": [{"a": 1}, {"a": 2, "x\ud800": 3}]}"#)
        #expect(inArray == .failure("dataCorrupted at []"))
        let description = debugDescription {
            _ = try JSONMapperDecoder().decode(Outer.self, from: json(#"{"s": [{"a": 1}, {"x\ud800": 3}]}"#))
        }
        #expect(description == #"s[1]: The key "x\ud800" holds an escaped lone surrogate, which is not Unicode text."#)
    }

    @Test("a bad ISO 8601 date is reported at its container's path, as in JSONDecoder")
    func badDate() {
        var settings = DecoderSettings()
        settings.date = .iso8601
        expectSameDecoding([Box<Date>].self, #"[{"v": "2017-10-10T16:00:00Z"}, {"v": "noon"}]"#, settings)
        let description = debugDescription {
            _ = try settings.mapper().decode([Box<Date>].self, from: json(#"[{"v": "noon"}]"#))
        }
        #expect(description == "[0].v: Expected date string to be ISO8601-formatted.")
    }

    static let malformed = [
        #"{"a": 1,}"#, "[1,]", "[1 2]", "", "   ", "{", #"{"a" 1}"#, "01", "1.", "-", #""\q""#, "tru", "[1]x",
        "\u{1}", #"{"a": "b\#u{9}c"}"#,
    ]

    @Test(
        "malformed input is dataCorrupted with an empty path and the library's error underneath", arguments: malformed)
    func malformedInput(text: String) throws {
        // JSONDecoder lets several of these through (trailing commas), or fails only on reading the value.
        let expected = try #require(JSONMapper.context(json(text)).errors.first)
        do {
            _ = try JSONMapperDecoder().decode(AnyJSON.self, from: json(text))
            Issue.record("decoded malformed input \(text)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            let underlying = try #require(context.underlyingError as? JSONMappingError)
            #expect(underlying == expected)
            #expect(underlying.code == .malformedJSON)
            #expect(underlying.line != nil && underlying.column != nil)
            #expect(context.debugDescription == "The given data was not valid JSON: \(expected.description)")
        }
    }

    @Test("the error's text gives the line and column")
    func malformedText() {
        let description = debugDescription {
            _ = try JSONMapperDecoder().decode(AnyJSON.self, from: json("{\n  \"a\": 1,\n}"))
        }
        #expect(
            description
                == "The given data was not valid JSON: line 3, column 1: expected a member name in quotes, found '}'"
                || description?.hasPrefix("The given data was not valid JSON: line 3, column 1: ") == true)
    }

    /// Members that no model reads, which JSONDecoder may let through: the whole document must be RFC 8259.
    static let unreadFlaws: [[UInt8]] = [
        Array(#"{"v": 1, "x": "\#u{9}"}"#.utf8),  // a raw control character
        Array(#"{"v": 1, "x": "\q"}"#.utf8),  // a bad escape
        Array(#"{"v": 1, "x": "#.utf8) + [0xFF] + Array(#""}"#.utf8),  // invalid UTF-8 in a string
        Array(#"{"v": 1, ""#.utf8) + [0xC0, 0x80] + Array(#"": 2}"#.utf8),  // an overlong key
        Array(#"{"v": 1, "x": 01}"#.utf8),  // a bad number
        Array(#"{"v": 1, "x": [1,]}"#.utf8),  // a trailing comma
    ]

    @Test("flaws in members no model reads are rejected", arguments: unreadFlaws)
    func unreadMembers(bytes: [UInt8]) {
        #expect(throws: DecodingError.self) { try JSONMapperDecoder().decode(Box<Int>.self, from: Data(bytes)) }
        #expect(JSONMapper.context(Data(bytes)).valid == false)
    }

    /// `depth` arrays nested in each other.
    func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test("nesting up to 512 levels decodes, deeper is dataCorrupted, as in JSONDecoder")
    func nesting() {
        #expect(expectSameDecoding(AnyJSON.self, nested(512)).isValue)
        #expect(expectSameDecoding(AnyJSON.self, nested(513)) == .failure("dataCorrupted at []"))
    }
}
