import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

// setEncodable inside JSONWritable models (nil as set, errors with the full path, dates by the context's strategy,
// both write paths), and JSONValue through the bridge (exact numbers, member order) and through JSONEncoder.

private struct RetrySettings: Codable, Equatable {
    var retries: Double
    var hosts: [String]
    var since: Date?
}

private struct Service: JSONWritable {
    var name = "api"
    var settings: RetrySettings?
    func write(to c: JSONSerializationContext) {
        c.set("name", name)
        c.setEncodable("settings", settings)
        c.set("after", true)
    }
}

@Suite("setEncodable and JSONValue: Encodable")
struct EncoderInteropTests {
    @Test("setEncodable writes the value in the context's text, members in order")
    func setEncodable() throws {
        let service = Service(settings: RetrySettings(retries: 3, hosts: ["a/b", "é"], since: nil))
        #expect(written(service) == #"{"name":"api","settings":{"retries":3,"hosts":["a/b","é"]},"after":true}"#)
        let options = JSONMapper.WriteOptions(prettyPrinted: true, sortedKeys: true, escapesSlashes: true)
        #expect(written(service, options) == """
            {
              "after": true,
              "name": "api",
              "settings": {
                "hosts": [
                  "a\\/b",
                  "é"
                ],
                "retries": 3
              }
            }
            """)
    }

    @Test("nil follows the rules of set: left out, or null with writesNilAsNull")
    func setEncodableNil() {
        #expect(written(Service()) == #"{"name":"api","after":true}"#)
        #expect(written(Service(), JSONMapper.WriteOptions(writesNilAsNull: true)) == #"{"name":"api","settings":null,"after":true}"#)
        let reset = Writes { c in
            c.setEncodable("a", [1])
            c.setEncodable("a", Optional<[Int]>.none)
            c.set("b", 2)
        }
        #expect(written(reset) == #"{"b":2}"#)
    }

    @Test("dates inside follow the context's date strategy")
    func dates() {
        let service = Service(settings: RetrySettings(retries: 1, hosts: [], since: Date(timeIntervalSince1970: 1)))
        #expect(written(service).contains(#""since":"1970-01-01T00:00:01Z""#))
        let seconds = JSONMapper.WriteOptions(dateStrategy: .secondsSince1970)
        #expect(written(service, seconds).contains(#""since":1}"#))
    }

    @Test("an unwritable value makes the write throw invalidValue with its full path")
    func unwritable() {
        let service = Service(settings: RetrySettings(retries: .nan, hosts: [], since: nil))
        let error = #expect(throws: JSONMappingError.self) { try JSONMapper.data(from: service) }
        #expect(error?.code == .invalidValue)
        #expect(error?.path == "settings.retries")
        #expect(error?.message == "Unable to encode Double.nan directly in JSON.")
        let inArray = Writes { c in c.setEncodable("list", [[1.0], [2.0, .infinity]]) }
        let arrayError = #expect(throws: JSONMappingError.self) { try JSONMapper.data(from: inArray) }
        #expect(arrayError?.path == "list[1][1]")
        let nothing = Writes { c in c.setEncodable("empty", Encodes { _ in }) }
        let nothingError = #expect(throws: JSONMappingError.self) { try JSONMapper.data(from: nothing) }
        #expect(nothingError?.description == "empty: Top-level Encodes did not encode any values.")
    }

    @Test("containers used out of order inside setEncodable are still written")
    func outOfOrder() {
        let value = Encodes { encoder in
            var container = encoder.container(keyedBy: EncoderTestKey.self)
            var first = container.nestedContainer(keyedBy: EncoderTestKey.self, forKey: EncoderTestKey("first"))
            try container.encode(0, forKey: EncoderTestKey("zero"))
            try first.encode(Date(timeIntervalSince1970: 0), forKey: EncoderTestKey("when"))
        }
        let text = written(Writes { c in c.setEncodable("v", value) }, JSONMapper.WriteOptions(sortedKeys: true))
        #expect(text == #"{"v":{"first":{"when":"1970-01-01T00:00:00Z"},"zero":0}}"#)
    }

    @Test("setEncodable in models written to a stream and as JSON Lines")
    func streams() throws {
        let services = [Service(settings: RetrySettings(retries: 2, hosts: ["h"], since: nil)), Service()]
        let data = try JSONMapper.data(from: services)
        #expect(String(decoding: data, as: UTF8.self)
            == #"[{"name":"api","settings":{"retries":2,"hosts":["h"]},"after":true},{"name":"api","after":true}]"#)
    }

    @Test("JSONValue is Encodable (the encoder's half of its pinned Codable conformance)")
    func conformance() {
        #expect((JSONValue.self as Any.Type) is any Encodable.Type)
    }

    @Test("JSONValue through the bridge: exact numbers and member order, no key strategy")
    func jsonValueThroughBridge() throws {
        let text = #"{"zKey":1e400,"aKey":[0.10,-0,12345678901234567890123,{"innerKey":null}],"m":"x/y"}"#
        let value = try JSONValue(parsing: Data(text.utf8))
        let encoder = JSONMapperEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == text.replacingOccurrences(of: "/", with: #"\/"#))
        #expect(String(decoding: try encoder.encode(["wrapperKey": value]), as: UTF8.self).hasPrefix(#"{"wrapperKey":{"zKey":1e400"#))
        let service = Writes { c in c.setEncodable("v", value) }
        #expect(written(service) == #"{"v":\#(text)}"#)
    }

    @Test("JSONValue through JSONEncoder: the same document, keys untouched")
    func jsonValueThroughFoundation() throws {
        let text = #"{"zKey":1.5,"aKey":[0.1,-1,12345678901234567890123,{"innerKey":null,"t":true}],"big":18446744073709551615}"#
        let value = try JSONValue(parsing: Data(text.utf8))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try JSONValue(parsing: encoder.encode(value)) == value)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue(parsing: Data("[1e400]".utf8))) }
    }
}
