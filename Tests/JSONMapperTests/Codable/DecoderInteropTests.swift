import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// `getDecodable` and `requireDecodable`: `Decodable` members inside models mapped with the library, and
/// `JSONValue` through any decoder.
@Suite("JSONMapperDecoder: interop with contexts and JSONValue")
struct DecoderInteropTests {
    struct Settings: Decodable, Equatable {
        let retries: Int
        let since: Date?
    }

    struct Service: JSONSerializable {
        let name: String
        let settings: Settings?
        init(_ c: JSONDeserializationContext) {
            name = c.requireString("name")
            settings = c.getDecodable("settings")
        }
    }

    struct StrictService: JSONSerializable {
        let settings: Settings?
        let first: Settings?
        init(_ c: JSONDeserializationContext) {
            settings = c.requireDecodable("settings", as: Settings.self)
            first = c.getDecodable(at: ["list", 0])
        }
    }

    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test(
        "getDecodable: nil and one error with the full path when it does not decode; the model succeeds",
        arguments: engines)
    func getDecodable(engine: JSONMapper.Engine) throws {
        let good = JSONMapper.context(json(#"{"name": "a", "settings": {"retries": 3}}"#), engine: engine)
        #expect(Service(good).settings == Settings(retries: 3, since: nil))
        #expect(good.errors.isEmpty)

        let bad = JSONMapper.context(json(#"{"name": "a", "settings": {"retries": "3"}}"#), engine: engine)
        let service = Service(bad)
        #expect(service.settings == nil)
        #expect(bad.failure == nil)
        #expect(descriptions(bad) == ["settings.retries: Expected to decode Int but found a string instead."])
        #expect(bad.errors.first?.code == .typeMismatch)

        let missing = JSONMapper.context(json(#"{"name": "a", "settings": null}"#), engine: engine)
        #expect(Service(missing).settings == nil)
        #expect(missing.errors.isEmpty)
    }

    @Test(
        "requireDecodable: missing or null is missingValue at the key; else the inner error fails the model",
        arguments: engines)
    func requireDecodable(engine: JSONMapper.Engine) throws {
        let missing = JSONMapper.context(json(#"{}"#), engine: engine)
        _ = StrictService(missing)
        #expect(missing.failure?.code == .missingValue)
        #expect(missing.failure?.path == "settings")

        let inner = JSONMapper.context(json(#"{"settings": {}, "list": [{"retries": 1}]}"#), engine: engine)
        let service = StrictService(inner)
        #expect(service.first == Settings(retries: 1, since: nil))
        #expect(inner.failure?.code == .missingValue)
        #expect(inner.failure?.path == "settings.retries")
        #expect(throws: JSONMappingError.self) {
            try JSONMapper.decode(StrictService.self, from: json(#"{"settings": {"retries": true}}"#), engine: engine)
        }
        let decoded = try JSONMapper.decode(StrictService.self, from: json(#"{"settings": {"retries": 2}}"#))
        #expect(decoded.settings?.retries == 2)
    }

    @Test("dates inside follow the context's date strategy", arguments: engines)
    func dates(engine: JSONMapper.Engine) throws {
        var options = JSONMapper.Options.default
        options.dateStrategy = .secondsSince1970
        let context = JSONMapper.context(
            json(#"{"name": "a", "settings": {"retries": 1, "since": 86400}}"#), engine: engine, options: options)
        #expect(Service(context).settings?.since == Date(timeIntervalSince1970: 86400))
        let iso = JSONMapper.context(
            json(#"{"name": "a", "settings": {"retries": 1, "since": "yesterday"}}"#), engine: engine)
        #expect(Service(iso).settings == nil)
        #expect(descriptions(iso) == [#"settings.since: expected Date (ISO 8601), found String "yesterday""#])
    }

    static let values = [
        #"{"b": 1, "a": [true, null, "x", 1.5, -0, 1e2, 12345678901234567890]}"#, "[]", "{}", "null", "1e400",
        #"[{"z_z": {"a_b": 1e400}}]"#,
    ]

    @Test(
        "JSONValue through the bridge equals JSONValue(parsing:): member order and numbers as written",
        arguments: values)
    func jsonValueThroughTheBridge(text: String) throws {
        let parsed = try JSONValue(parsing: text)
        let decoder = JSONMapperDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let decoded = try decoder.decode(JSONValue.self, from: json(text))
        #expect(decoded == parsed)
        #expect(decoded.description == parsed.description)  // same order, same number text
        #expect(try decoder.decode(Box<JSONValue>.self, from: json(#"{"v": \#(text)}"#)).v == parsed)
    }

    @Test(
        "JSONValue through JSONDecoder equals JSONValue(parsing:), key strategies kept off its objects",
        arguments: values.filter { !$0.contains("1e400") })
    func jsonValueThroughJSONDecoder(text: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(JSONValue.self, from: json(text)) == JSONValue(parsing: text))
    }

    @Test("JSONValue is Codable")
    func codable() {
        #expect((JSONValue.self as Any.Type) is any Decodable.Type)
    }
}
