import Foundation
import JSONMapper
import Testing

// Every strategy of JSONEncoder, checked against it: dates, data, URLs, decimals, UUIDs, non-conforming floats,
// key conversion (snake case and custom, with the full path), and userInfo reaching every encode(to:).

private struct Stamped: Codable {
    var date = Date(timeIntervalSince1970: 1_700_000_000.25)
    var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSinceReferenceDate: -1.5)]
    var optionalDate: Date? = Date(timeIntervalSince1970: 86_400)
    var data = Data([0, 1, 2, 250, 255])
    var emptyData = Data()
    var url = URL(string: "https://example.com/a/b?c=d")
    var relative = URL(string: "path/to", relativeTo: URL(string: "https://example.com/base/"))
    var templated = URL(string: "https://api.github.com/repos/o/r/issues{/number}")
    var decimal = Decimal(string: "12345678901234567890.123456789")
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
}

private struct CamelKeys: Codable {
    var myProperty = 1
    var myURLProperty = 2
    var aBC = 3
    var already_snake = 4
    var _leading = 5
    var trailingX = 6
    var ABCDef = 7
    var a1B2c = 8
    var überÄnderung = 9
    var nested = [Inner()]
    var map = ["keepThisKey": Inner()]

    struct Inner: Codable {
        var innerValue = 1
        var deeperList = [["innerMost": 2]]
    }
}

@Suite("JSONMapperEncoder: strategies as JSONEncoder's")
struct EncoderStrategyTests {
    static let dateStrategies: [(String, JSONEncoder.DateEncodingStrategy)] = [
        ("deferredToDate", .deferredToDate), ("secondsSince1970", .secondsSince1970),
        ("millisecondsSince1970", .millisecondsSince1970), ("iso8601", .iso8601),
        ("custom string", .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("at \(date.timeIntervalSince1970)")
        }),
        ("custom keyed", .custom { date, encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            try container.encode(date.timeIntervalSince1970, forKey: EncoderTestKey("t"))
            try container.encode(encoder.codingPath.map(\.stringValue), forKey: EncoderTestKey("path"))
        }),
        ("custom nothing", .custom { _, _ in }),
    ]

    @Test("date strategies", arguments: 0..<7)
    func dates(strategy index: Int) {
        let (name, strategy) = Self.dateStrategies[index]
        for formatting: JSONEncoder.OutputFormatting in [[.sortedKeys], [.sortedKeys, .prettyPrinted]] {
            let text = expectSameText(
                Stamped(), EncoderSettings(outputFormatting: formatting, dateEncodingStrategy: strategy))
            #expect(!text.isEmpty, "\(name)")
        }
        expectSameText(Date(timeIntervalSince1970: 12), EncoderSettings(dateEncodingStrategy: strategy))
    }

    @Test("a custom date strategy that encodes nothing writes {}, at the top level too")
    func customNothing() {
        let settings = EncoderSettings(dateEncodingStrategy: .custom { _, _ in })
        #expect(expectSameText(["d": Date()], settings) == #"{"d":{}}"#)
        #expect(expectSameText(Date(), settings) == "{}")
    }

    @Test("a NaN date under secondsSince1970 throws, whatever the float strategy")
    func nanDate() {
        let settings = EncoderSettings(
            dateEncodingStrategy: .secondsSince1970,
            nonConformingFloatEncodingStrategy: .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n"))
        let message = expectSameError(["when": [Date(timeIntervalSince1970: .nan)]], settings)
        #expect(message.contains("Unable to encode Double.nan directly in JSON."))
    }

    @Test("data strategies")
    func dataStrategies() {
        let strategies: [JSONEncoder.DataEncodingStrategy] = [
            .base64, .deferredToData,
            .custom { data, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(data.count)
                try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
            },
            .custom { _, _ in },
        ]
        for strategy in strategies {
            expectSameText(Stamped(), EncoderSettings(dataEncodingStrategy: strategy))
            expectSameText(Data([1, 2, 3]), EncoderSettings(dataEncodingStrategy: strategy))
        }
    }

    @Test("URLs by absoluteString (relative and templated too), decimals exactly, UUIDs as strings")
    func foundationValues() {
        let text = expectSameText(Stamped())
        #expect(text.contains(#""templated":"https:\/\/api.github.com\/repos\/o\/r\/issues%7B\/number%7D""#))
        #expect(text.contains(#""decimal":12345678901234567890.123456789"#))
        #expect(text.contains(#""uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#))
        expectSameText([URL(string: "relative/path")], EncoderSettings(outputFormatting: [.withoutEscapingSlashes]))
    }

    @Test("non-conforming floats: thrown at their path, or written as the strategy's strings")
    func nonConformingFloats() {
        for value in [Double.nan, .infinity, -.infinity] {
            expectSameError(["values": [1, value]])
            expectSameError(Encodes { encoder in
                var container = encoder.container(keyedBy: EncoderTestKey.self)
                try container.encode(value, forKey: EncoderTestKey("x"))
            })
            expectSameError(value)
            expectSameError(["f": [Float(value)]])
            let strings = EncoderSettings(
                nonConformingFloatEncodingStrategy: .convertToString(
                    positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"))
            expectSameText(["values": [1, value]], strings)
            expectSameText(["f": Float(value)], strings)
            expectSameText(value, strings)
        }
        let message = expectSameError(["values": [1, Double.nan]])
        #expect(message == #"invalidValue ["values/-", "Index 1/1"] Unable to encode Double.nan directly in JSON."#)
    }

    @Test("convertToSnakeCase, but not on [String: T] keys")
    func snakeCase() {
        let settings = EncoderSettings(keyEncodingStrategy: .convertToSnakeCase)
        let text = expectSameText(CamelKeys(), settings)
        #expect(text.contains(#""my_url_property":2"#) && text.contains(#""keepThisKey""#))
        let keys = [
            "", "a", "A", "myKey", "MyKey", "myURL", "URLKey", "myURLKey", "a1B", "_a", "__aB", "a_B", "aB_",
            "ÉtéAvant", "straßeGroß", "ǅungla", "xǅy", "😀Key", "aΣb", "ALLCAPS", "allLower", "one2Three",
        ]
        let map = Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) })
        // Dictionary keys stay; the same names as coding keys convert.
        expectSameText(map, settings)
        expectSameText(Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            for key in keys { try container.encode(1, forKey: EncoderTestKey(key)) }
        }, settings)
    }

    @Test("a custom key strategy gets the full path, indices included")
    func customKeys() {
        let settings = EncoderSettings(keyEncodingStrategy: .custom { path in
            EncoderTestKey(path.map { $0.intValue.map { "#\($0)" } ?? $0.stringValue }.joined(separator: "/"))
        })
        let text = expectSameText(CamelKeys(), settings)
        #expect(text.contains(#""nested\/#0\/deeperList""#))
        // A dictionary through a single-value container: its values' paths keep the encoder's key.
        let single = Encodes { encoder in
            var container = encoder.singleValueContainer()
            try container.encode(["k": CamelKeys.Inner()])
        }
        expectSameText(["outer": [single]], settings)
    }

    @Test("userInfo reaches every encode(to:)")
    func userInfo() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        let settings = EncoderSettings(userInfo: [key: "acme"])
        let probe = Encodes { encoder in
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[key] as? String ?? "missing")
        }
        #expect(expectSameText(["a": [probe]], settings) == #"{"a":["acme"]}"#)
        #expect(expectSameText(probe, settings) == #""acme""#)
    }
}
