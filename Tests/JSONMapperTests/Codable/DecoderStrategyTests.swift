import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// Every strategy gives what `JSONDecoder` gives with the same setting.
@Suite("JSONMapperDecoder: strategies against JSONDecoder")
struct DecoderStrategyTests {
    /// Reports the coding keys it finds, to compare how member names were converted.
    struct AllKeys: Decodable, Equatable {
        let keys: [String]
        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: DecodingTestKey.self).allKeys.map(\.stringValue).sorted()
        }
    }

    struct DecodingTestKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) {
            self.stringValue = stringValue
            intValue = nil
        }
        init?(intValue: Int) { nil }
    }

    static let snakeNames = [
        "user_id", "_leading", "trailing_", "__both__", "a__b", "ID_NUMBER", "already_camelCase", "single", "_",
        "___", "", "url_2x", "émigré_naïve", "x_y_z", "HTTP_response_code", "snake_café_öl",
    ]

    @Test("convertFromSnakeCase converts exactly as Foundation does", arguments: snakeNames)
    func snakeCase(name: String) {
        var settings = DecoderSettings()
        settings.keys = .convertFromSnakeCase
        let object = "{\"\(name)\": 1}"  // the names hold no quote or backslash
        #expect(expectSameDecoding(AllKeys.self, object, settings).isValue)
    }

    struct Snake: Decodable, Equatable {
        let userId: Int
        let avatarUrl: URL?
        let createdAt: Date
        let labels: [String: Int]
    }

    @Test("snake case with iso8601 on a model; dictionaries keep their keys as written")
    func snakeModel() {
        var settings = DecoderSettings()
        settings.keys = .convertFromSnakeCase
        settings.date = .iso8601
        let text =
            #"{"user_id": 1, "avatar_url": "https://a.example/x{/y}", "created_at": "2017-10-10T16:00:00Z", "#
            + #""labels": {"snake_key": 1, "other_key": 2}}"#
        #expect(expectSameDecoding(Snake.self, text, settings).isValue)
        expectSameDecoding(Snake.self, #"{"user_id": 1, "created_at": "yesterday", "labels": {}}"#, settings)
        expectSameDecoding(
            [Snake].self, #"[{"user_id": 1, "created_at": "2017-10-10T16:00:00Z", "labels": {"a_b": "x"}}]"#, settings)
        expectSameDecoding(
            [Snake].self, #"[{"userId": 1, "created_at": "2017-10-10T16:00:00Z", "labels": null}]"#, settings)
        // The first of two names that convert alike wins.
        expectSameDecoding(Box<Int>.self, #"{"v": 1, "_v": 2}"#, settings)
    }

    @Test("a custom key strategy gets the full path, indices included")
    func customKeys() throws {
        let foundationPaths = SharedList<String>()
        let mapperPaths = SharedList<String>()
        func recording(_ paths: SharedList<String>) -> DecoderSettings {
            var recorder = DecoderSettings()
            recorder.keys = .custom { path in
                paths.append(pathText(path))
                return DecodingTestKey(stringValue: (path.last?.stringValue ?? "").uppercased())
            }
            return recorder
        }
        struct Upper: Decodable, Equatable {
            let V: [Box2]
        }
        struct Box2: Decodable, Equatable {
            let X: Int
        }
        let text = #"{"v": [{"x": 1}, {"x": 2}]}"#
        let expected = try recording(foundationPaths).foundation().decode(Upper.self, from: json(text))
        let actual = try recording(mapperPaths).mapper().decode(Upper.self, from: json(text))
        #expect(actual == expected)
        #expect(expected == Upper(V: [Box2(X: 1), Box2(X: 2)]))
        #expect(mapperPaths.values == foundationPaths.values)
        #expect(foundationPaths.values.contains("V/Index 1#1/x"))  // the converted keys of the path
    }

    @Test(
        "date strategies",
        arguments: [
            "0", "1.5", "-1e3", "1e400", #""2017-10-10T16:00:00Z""#, #""2017-10-10T16:00:00.123Z""#,
            #""2017-10-10""#, #""yesterday""#, "null", "true", "{}",
        ])
    func dates(text: String) {
        for strategy in [
            JSONDecoder.DateDecodingStrategy.deferredToDate, .secondsSince1970, .millisecondsSince1970,
            .iso8601,
        ] {
            var settings = DecoderSettings()
            settings.date = strategy
            expectSameEverywhere(Date.self, text, settings)
        }
    }

    @Test("custom date and data closures may try a container twice; their errors keep case and path")
    func customClosures() {
        var settings = DecoderSettings()
        settings.date = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
            let text = try container.decode(String.self)
            guard text == "epoch" else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date")
            }
            return Date(timeIntervalSince1970: 0)
        }
        settings.data = .custom { decoder in
            var container = try decoder.unkeyedContainer()
            var bytes: [UInt8] = []
            while !container.isAtEnd { bytes.append(try container.decode(UInt8.self)) }
            return Data(bytes)
        }
        for text in ["12", #""epoch""#, #""soon""#, "null", "[]"] {
            expectSameEverywhere(Date.self, text, settings)
        }
        for text in ["[1, 2]", "[256]", #""AAEC""#, "null"] {
            expectSameEverywhere(Data.self, text, settings)
        }
    }

    @Test(
        "data strategies: base64 and deferredToData",
        arguments: [#""AAECAw==""#, #""AAE""#, "[0, 1, 255]", "[256]", "7"])
    func dataStrategies(text: String) {
        for strategy in [JSONDecoder.DataDecodingStrategy.base64, .deferredToData] {
            var settings = DecoderSettings()
            settings.data = strategy
            expectSameEverywhere(Data.self, text, settings)
        }
    }

    @Test("non-conforming floats from strings", arguments: [#""+inf""#, #""-inf""#, #""nan""#, #""other""#, "1"])
    func nonConformingFloats(text: String) throws {
        var settings = DecoderSettings()
        settings.float = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        if text == #""nan""# {  // NaN equals nothing, itself included
            #expect(try settings.mapper().decode(Double.self, from: json(text)).isNaN)
            #expect(try settings.mapper().decode([Float].self, from: json("[\(text)]")).first?.isNaN == true)
        } else {
            expectSameDecoding(Box<Double>.self, #"{"v":\#(text)}"#, settings)
            expectSameDecoding([Float].self, "[\(text)]", settings)
        }
        if text != #""nan""# && text != #""other""# {
            #expect(
                try settings.mapper().decode(Double.self, from: json(text))
                    == settings.foundation().decode(Double.self, from: json(text)))
        }
        expectSameDecoding(Double.self, text)  // .throw
    }

    struct ReadsUserInfo: Decodable, Equatable {
        let seen: String
        init(seen: String) { self.seen = seen }
        init(from decoder: any Decoder) throws {
            seen = decoder.userInfo[CodingUserInfoKey(rawValue: "tenant")!] as? String ?? "none"
        }
    }

    @Test("userInfo reaches every init(from:)")
    func userInfo() throws {
        var settings = DecoderSettings()
        settings.userInfo = [CodingUserInfoKey(rawValue: "tenant")!: "acme"]
        let outcome = expectSameDecoding([String: [ReadsUserInfo]].self, #"{"a": [1, {}]}"#, settings)
        #expect(outcome == .value(["a": [ReadsUserInfo(seen: "acme"), ReadsUserInfo(seen: "acme")]]))
    }
}
