import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Defaults, presence and nested paths")
struct PresenceAndPathTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test(
        "default forms replace missing, null and mistyped values; mistyped ones are still recorded", arguments: engines)
    func defaults(engine: JSONMapper.Engine) {
        let c = context(#"{"n": null, "s": 5, "i": 3, "b": true, "d": 0.5}"#, engine: engine)
        #expect(c.getString("missing", default: "none") == "none")
        #expect(c.getString("n", default: "none") == "none")
        #expect(c.getString("s", default: "none") == "none")
        #expect(c.getInt("i", default: 0) == 3)
        #expect(c.getInt64("missing", default: -1) == -1)
        #expect(c.getUInt64("missing", default: 7) == 7)
        #expect(c.getDouble("d", default: 1) == 0.5)
        #expect(c.getFloat("missing", default: 2) == 2)
        #expect(c.getDecimal("missing", default: 9) == 9)
        #expect(c.getBool("b", default: false) == true)
        #expect(c.getURL("missing", default: URL(fileURLWithPath: "/")) == URL(fileURLWithPath: "/"))
        #expect(descriptions(c) == ["s: expected String, found Number 5"])
        #expect(!c.hasFailed)
    }

    @Test("missing, null and present are told apart", arguments: engines)
    func presence(engine: JSONMapper.Engine) {
        let c = context(#"{"a": 1, "b": null, "c": {}}"#, engine: engine)
        #expect(c.presence(of: "a") == .present)
        #expect(c.presence(of: "b") == .null)
        #expect(c.presence(of: "z") == .missing)
        #expect(c.contains("b"))
        #expect(!c.contains("z"))
        #expect(c.isNull("b"))
        #expect(!c.isNull("a"))
        #expect(!c.isNull("z"))
        #expect(Set(c.keys) == ["a", "b", "c"])
        #expect(context(#"{"x": 1, "y": 2, "x": 3}"#).keys == ["x", "y"])
        #expect(context("[1]").keys == [])
    }

    static let document = #"""
        {"user": {"entities": {"urls": [{"url": "https://a.example"}, {"url": 5}]}, "name": "Ada"},
         "headers": {"content.type": "json", "a[0]": 1}, "matrix": [[1, 2], [3]], "nothing": null}
        """#

    @Test("values at nested paths, with keys that hold dots and brackets", arguments: engines)
    func nestedPaths(engine: JSONMapper.Engine) {
        let c = context(Self.document, engine: engine)
        #expect(c.getString(at: ["user", "entities", "urls", 0, "url"]) == "https://a.example")
        #expect(c.getURL(at: ["user", "entities", "urls", 0, "url"]) == URL(string: "https://a.example"))
        #expect(c.getString(at: ["user", "name"]) == "Ada")
        #expect(c.getString(at: ["headers", "content.type"]) == "json")
        #expect(c.getInt(at: ["headers", "a[0]"]) == 1)
        #expect(c.getInt(at: ["matrix", 1, 0]) == 3)
        #expect(c.getArray(at: ["matrix", 0]) == [1, 2])
        #expect(c.get(Double.self, at: ["matrix", 0, 1]) == 2)
        #expect(c.getString(at: ["user", "missing", "deeper"]) == nil)
        #expect(c.getString(at: ["matrix", 5]) == nil)
        #expect(c.getString(at: ["nothing", "x"]) == nil)
        #expect(c.errors.isEmpty)
        #expect(c.getString(at: ["user", "entities", "urls", 1, "url"]) == nil)
        #expect(c.getString(at: ["user", "name", "first"]) == nil)
        #expect(c.getInt(at: ["matrix", "first"]) == nil)
        #expect(
            descriptions(c) == [
                "user.entities.urls[1].url: expected String, found Number 5",
                #"user.name: expected Object, found String "Ada""#,
                "matrix: expected Object, found Array",
            ])
    }

    @Test("sub-contexts read an object without a model, and report full paths", arguments: engines)
    func subContexts(engine: JSONMapper.Engine) throws {
        let c = context(Self.document, engine: engine)
        let user = try #require(c.context(for: "user"))
        #expect(user.getString("name") == "Ada")
        #expect(user.path == "user")
        let first = try #require(c.context(at: ["user", "entities", "urls", 0]))
        #expect(first.getString("url") == "https://a.example")
        let second = try #require(c.context(at: ["user", "entities", "urls", 1]))
        #expect(second.getString("url") == nil)
        #expect(c.context(for: "missing") == nil)
        #expect(c.context(for: "nothing") == nil)
        #expect(c.context(for: "matrix") == nil)
        #expect(
            descriptions(c) == [
                "user.entities.urls[1].url: expected String, found Number 5",
                "matrix: expected Object, found Array",
            ])
        struct Link: JSONSerializable {
            let url: String
            init(_ c: JSONDeserializationContext) { url = c.requireString("url") }
        }
        #expect(c.getObject(at: ["user", "entities", "urls", 0], ofClass: Link.self)?.url == "https://a.example")
        #expect(c.getObject(at: ["user", "entities", "urls", 1], ofClass: Link.self) == nil)
        #expect(c.errors.last?.description == "user.entities.urls[1]: dropped Link: a required value inside it failed")
    }
}
