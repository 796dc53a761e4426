import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The `at:` form of every getter: the same values and the same messages as the key forms, with full paths.
@Suite("Getters at nested paths")
struct PathGetterTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    static let document = #"""
        {"user": {"id": 7, "big": 18446744073709551615, "name": "Ada", "score": 2.5, "price": 0.1, "admin": true,
                  "site": "https://ada.example/", "joined": "2026-11-21T09:30:00Z", "born": 1795253400,
                  "tags": ["a", "b"], "ratios": {"x": 0.5, "y": 1}, "none": null},
         "list": [{"n": 1}, 2]}
        """#

    @Test("optional getters read every primitive type at a path", arguments: engines)
    func optionalValues(engine: JSONMapper.Engine) throws {
        let c = context(Self.document, engine: engine)
        #expect(c.getString(at: ["user", "name"]) == "Ada")
        #expect(c.getInt(at: ["user", "id"]) == 7)
        #expect(c.getInt64(at: ["user", "id"]) == 7)
        #expect(c.getUInt64(at: ["user", "big"]) == UInt64.max)
        #expect(c.getDouble(at: ["user", "score"]) == 2.5)
        #expect(c.getFloat(at: ["user", "score"]) == Float(2.5))
        #expect(c.getDecimal(at: ["user", "price"]) == Decimal(string: "0.1"))
        #expect(c.getBool(at: ["user", "admin"]) == true)
        #expect(c.getURL(at: ["user", "site"]) == URL(string: "https://ada.example/"))
        #expect(c.getDate(at: ["user", "joined"]) == Date(timeIntervalSince1970: 1_795_253_400))
        let born = c.getDate(at: ["user", "born"], strategy: .secondsSince1970)
        #expect(born == Date(timeIntervalSince1970: 1_795_253_400))
        #expect(c.get(Int.self, at: ["list", 0, "n"]) == 1)
        #expect(c.getString(at: ["user", "missing"]) == nil)
        #expect(c.getString(at: ["user", "none"]) == nil)
        #expect(c.getString(at: ["user", "none", "deeper"]) == nil)
        #expect(c.getInt(at: ["list", 9, "n"]) == nil)
        #expect(c.errors.isEmpty)
        #expect(!c.hasFailed)
    }

    @Test("required getters give the value and record nothing when it is there", arguments: engines)
    func requiredValues(engine: JSONMapper.Engine) {
        let c = context(Self.document, engine: engine)
        #expect(c.requireString(at: ["user", "name"]) == "Ada")
        #expect(c.requireInt(at: ["user", "id"]) == 7)
        #expect(c.requireInt64(at: ["user", "id"]) == 7)
        #expect(c.requireUInt64(at: ["user", "big"]) == UInt64.max)
        #expect(c.requireDouble(at: ["user", "score"]) == 2.5)
        #expect(c.requireFloat(at: ["user", "score"]) == 2.5)
        #expect(c.requireDecimal(at: ["user", "price"]) == Decimal(string: "0.1"))
        #expect(c.requireBool(at: ["user", "admin"]))
        #expect(c.requireURL(at: ["user", "site"]) == URL(string: "https://ada.example/"))
        #expect(c.requireDate(at: ["user", "joined"]) == Date(timeIntervalSince1970: 1_795_253_400))
        #expect(c.requireArray(at: ["user", "tags"]) == ["a", "b"])
        #expect(c.requireDictionary(at: ["user", "ratios"]) == ["x": 0.5, "y": 1.0])
        #expect(c.errors.isEmpty)
        #expect(!c.hasFailed)
    }

    @Test("required getters fail with the full path when missing, null or mistyped", arguments: engines)
    func requiredFailures(engine: JSONMapper.Engine) {
        let c = context(Self.document, engine: engine)
        #expect(c.requireString(at: ["user", "missing"]) == "")
        #expect(c.requireInt(at: ["user", "none"]) == 0)
        #expect(c.requireInt64(at: ["nothing", "x"]) == 0)
        #expect(c.requireUInt64(at: ["user", "none", "x"]) == 0)
        #expect(c.requireDouble(at: ["user", "name"]) == 0)
        #expect(c.requireFloat(at: ["user", "name", "first"]) == 0)
        #expect(c.requireDecimal(at: ["list", 9, "n"]) == 0)
        #expect(c.requireBool(at: ["user", "id"]) == false)
        #expect(c.requireURL(at: ["user", "admin"]) == URL(string: "about:blank"))
        #expect(c.requireDate(at: ["user", "name"]) == Date(timeIntervalSince1970: 0))
        #expect(c.requireArray(at: ["user", "name"]) == [String]())
        #expect(c.requireDictionary(at: ["user", "tags"]) == [String: Int]())
        #expect(c.requireInt(at: ["list", "first"]) == 0)
        #expect(c.hasFailed)
        #expect(c.errors.allSatisfy { $0.isRequired })
        #expect(
            descriptions(c) == [
                "user.missing: missing required String",
                "user.none: expected Int, found null",
                "nothing.x: missing required Int64",
                "user.none.x: missing required UInt64",
                #"user.name: expected Double, found String "Ada""#,
                #"user.name: expected Object, found String "Ada""#,
                "list[9].n: missing required Decimal",
                "user.id: expected Bool, found Number 7",
                "user.admin: expected URL, found Bool true",
                #"user.name: expected Date (ISO 8601), found String "Ada""#,
                #"user.name: expected [String], found String "Ada""#,
                "user.tags: expected [String: Int], found Array",
                "list: expected Object, found Array",
            ])
        #expect(c.failure?.description == "user.missing: missing required String")
    }

    @Test("default forms replace missing, null and mistyped values; mistyped ones are still recorded")
    func defaults() {
        let c = context(Self.document)
        #expect(c.getString(at: ["user", "missing"], default: "-") == "-")
        #expect(c.getInt(at: ["user", "none"], default: -1) == -1)
        #expect(c.getInt(at: ["user", "id"], default: -1) == 7)
        #expect(c.getInt64(at: ["user", "name"], default: -1) == -1)
        #expect(c.getUInt64(at: ["nothing", "x"], default: 1) == 1)
        #expect(c.getDouble(at: ["user", "score"], default: 0) == 2.5)
        #expect(c.getFloat(at: ["user", "missing"], default: 1.5) == 1.5)
        #expect(c.getDecimal(at: ["user", "missing"], default: 2) == 2)
        #expect(c.getBool(at: ["user", "admin"], default: false))
        #expect(c.getURL(at: ["user", "missing"], default: URL(fileURLWithPath: "/")) == URL(fileURLWithPath: "/"))
        #expect(c.getDate(at: ["user", "name"], default: .distantPast) == .distantPast)
        #expect(c.getDate(at: ["user", "born"], default: .distantPast, strategy: .secondsSince1970) != .distantPast)
        #expect(
            descriptions(c) == [
                #"user.name: expected Int64, found String "Ada""#,
                #"user.name: expected Date (ISO 8601), found String "Ada""#,
            ])
        #expect(!c.hasFailed)
    }

    @Test("arrays and dictionaries of primitives at a path drop bad elements with their full paths")
    func collections() {
        let c = context(#"{"a": {"nums": [1, "two", 3], "map": {"x": 1, "y": "no"}}}"#)
        #expect(c.getArray(at: ["a", "nums"]) == [1, 3])
        #expect(c.getDictionary(at: ["a", "map"]) == ["x": 1])
        #expect(c.getArray(at: ["a", "missing"]) == [Int]())
        #expect(!c.hasFailed)
        #expect(c.requireArray(at: ["a", "nums"]) == [1, 3])
        #expect(c.hasFailed)
        #expect(
            descriptions(c) == [
                #"a.nums[1]: expected Int, found String "two""#,
                "a.nums[1]: dropped from [Int]",
                #"a.map.y: expected Int, found String "no""#,
                "a.map.y: dropped from [String: Int]",
                #"a.nums[1]: expected Int, found String "two""#,
                "a.nums[1]: dropped from [Int]",
            ])
        #expect(c.errors.map(\.isRequired) == [false, false, false, false, true, true])
    }

    struct Link: JSONSerializable {
        let url: String
        init(_ c: JSONDeserializationContext) { url = c.requireString("url") }
    }

    static let links = #"""
        {"entities": {"urls": [{"url": "https://a.example"}, {"url": 5}, "text"],
                      "byName": {"home": {"url": "https://h.example"}, "bad": {}},
                      "main": {"url": "https://m.example"}, "broken": {"href": "x"}}}
        """#

    @Test("model getters at a path contain nested failures as their key forms do", arguments: engines)
    func optionalModels(engine: JSONMapper.Engine) {
        let c = context(Self.links, engine: engine)
        #expect(c.getObject(at: ["entities", "main"], ofClass: Link.self)?.url == "https://m.example")
        let main: Link? = c.getObject(at: ["entities", "urls", 0])
        #expect(main?.url == "https://a.example")
        #expect(c.getObject(at: ["entities", "broken"], ofClass: Link.self) == nil)
        #expect(c.getObject(at: ["entities", "missing"], ofClass: Link.self) == nil)
        #expect(c.getArray(at: ["entities", "urls"], ofClass: Link.self).map(\.url) == ["https://a.example"])
        #expect(
            c.getDictionary(at: ["entities", "byName"], ofClass: Link.self).mapValues(\.url) == [
                "home": "https://h.example"
            ])
        #expect(!c.hasFailed)
        #expect(
            descriptions(c) == [
                "entities.broken.url: missing required String",
                "entities.broken: dropped Link: a required value inside it failed",
                "entities.urls[1].url: expected String, found Number 5",
                "entities.urls[1]: dropped from [Link]: a required value inside it failed",
                #"entities.urls[2]: expected Link, found String "text""#,
                "entities.urls[2]: dropped from [Link]",
                "entities.byName.bad.url: missing required String",
                "entities.byName.bad: dropped from [String: Link]: a required value inside it failed",
            ])

        let inferred = context(Self.links, engine: engine)
        let urls: [Link] = inferred.getArray(at: ["entities", "urls"])
        #expect(urls.map(\.url) == ["https://a.example"])
        let byName: [String: Link] = inferred.getDictionary(at: ["entities", "byName"])
        #expect(byName.keys.sorted() == ["home"])
        #expect(inferred.errors.count == 6)
        #expect(!inferred.hasFailed)
    }

    @Test("required model getters at a path pass failures on, with full paths", arguments: engines)
    func requiredModels(engine: JSONMapper.Engine) {
        let found = context(Self.links, engine: engine)
        #expect(found.requireObject(at: ["entities", "main"], ofClass: Link.self).url == "https://m.example")
        let main: Link = found.requireObject(at: ["entities", "main"])
        #expect(main.url == "https://m.example")
        #expect(!found.hasFailed)

        let missing = context(Self.links, engine: engine)
        #expect(missing.requireObject(at: ["entities", "nothing"], ofClass: Link.self).url == "")
        #expect(missing.failure?.description == "entities.nothing: missing required Link")

        let inner = context(Self.links, engine: engine)
        let broken: Link = inner.requireObject(at: ["entities", "broken"])
        #expect(broken.url == "")
        #expect(inner.failure?.description == "entities.broken.url: missing required String")

        let array = context(Self.links, engine: engine)
        #expect(array.requireArray(at: ["entities", "urls"], ofClass: Link.self).count == 1)
        #expect(array.failure?.description == "entities.urls[1].url: expected String, found Number 5")
        let inferredArray = context(Self.links, engine: engine)
        let required: [Link] = inferredArray.requireArray(at: ["entities", "main"])
        #expect(required.isEmpty)
        #expect(inferredArray.failure?.description == "entities.main: expected [Link], found Object")

        let dictionary = context(Self.links, engine: engine)
        #expect(dictionary.requireDictionary(at: ["entities", "byName"], ofClass: Link.self).count == 1)
        #expect(dictionary.failure?.description == "entities.byName.bad.url: missing required String")
        let inferredDictionary = context(Self.links, engine: engine)
        let none: [String: Link] = inferredDictionary.requireDictionary(at: ["entities", "none", "x"])
        #expect(none.isEmpty)
        #expect(inferredDictionary.failure?.description == "entities.none.x: missing required [String: Link]")
    }

    @Test("presence at a path tells missing, null and present apart", arguments: engines)
    func presence(engine: JSONMapper.Engine) {
        let c = context(Self.document, engine: engine)
        #expect(c.presence(at: ["user", "name"]) == .present)
        #expect(c.presence(at: ["user", "none"]) == .null)
        #expect(c.presence(at: ["user", "missing"]) == .missing)
        #expect(c.presence(at: ["user", "none", "x"]) == .missing)
        #expect(c.presence(at: ["list", 1]) == .present)
        #expect(c.contains(at: ["user", "none"]))
        #expect(!c.contains(at: ["list", 2]))
        #expect(c.isNull(at: ["user", "none"]))
        #expect(!c.isNull(at: ["user", "id"]))
        #expect(c.errors.isEmpty)
        #expect(c.presence(at: ["user", "name", "first"]) == .missing)
        #expect(descriptions(c) == [#"user.name: expected Object, found String "Ada""#])
        #expect(!c.hasFailed)
    }

    @Test("a dictionary of models at a path counts as read for unknown keys, as its key form does")
    func unknownKeysAtPaths() {
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let c = JSONMapper.context(json(#"{"a": {"m": {"x": {"url": "u"}}, "extra": 1}}"#), options: options)
        let links: [String: Link] = c.getDictionary(at: ["a", "m"])
        #expect(links["x"]?.url == "u")
        #expect(c.unknownKeys == [])
    }
}
