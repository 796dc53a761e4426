import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Unknown keys")
struct UnknownKeysTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    @Test("lists the members no getter read, with paths, across nested models", arguments: engines)
    func report(engine: JSONMapper.Engine) throws {
        let data = try TestFiles.fixture("person_incomplete.json")
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let context = JSONMapper.context(data, engine: engine, options: options)
        _ = Person(context)
        #expect(context.unknownKeys == ["nickname"])

        let timeline = JSONMapper.context(try TestFiles.fixture("timeline.json"), engine: engine, options: options)
        _ = LenientTimeline(timeline)
        #expect(timeline.unknownKeys == ["search_metadata.max_id"])
    }

    @Test("a member read as a whole counts as read, and presence checks count too")
    func wholeValues() {
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let c = JSONMapper.context(
            json(#"{"tags": ["a"], "names": {"x": "y"}, "maybe": null, "deep": {"a": {"b": 1}}, "extra": 1}"#),
            options: options)
        _ = c.getArray("tags") as [String]
        _ = c.getDictionary("names") as [String: String]
        _ = c.contains("maybe")
        _ = c.getInt(at: ["deep", "a", "b"])
        #expect(c.unknownKeys == ["extra"])
    }

    @Test("off by default: nothing is tracked")
    func offByDefault() throws {
        let context = JSONMapper.context(try TestFiles.fixture("person_incomplete.json"))
        _ = Person(context)
        #expect(context.unknownKeys == [])
    }

    struct Inner: JSONSerializable {
        let a: Int?
        init(_ c: JSONDeserializationContext) { a = c.getInt("a") }
    }

    struct ReadsTwice: JSONSerializable {
        let first: Inner?
        let second: Inner?
        init(_ c: JSONDeserializationContext) {
            first = c.getObject("o", ofClass: Inner.self)
            second = c.getObject("o", ofClass: Inner.self)
        }
    }

    /// One object read through two contexts (a model split in two, or read twice) is one object: what either
    /// context read counts, and what neither read is listed once.
    @Test("an object with two contexts: what either read counts, the rest is listed once", arguments: engines)
    func twoContexts(engine: JSONMapper.Engine) throws {
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let c = JSONMapper.context(json(#"{"o":{"a":1,"b":2,"c":3}}"#), engine: engine, options: options)
        let o1 = try #require(c.context(for: "o"))
        let o2 = try #require(c.context(for: "o"))
        #expect(o1.getInt("a") == 1)
        #expect(o2.getInt("b") == 2)
        #expect(c.unknownKeys == ["o.c"])

        let twice = JSONMapper.context(json(#"{"o":{"a":1,"b":2}}"#), engine: engine, options: options)
        let model = ReadsTwice(twice)
        #expect(model.first?.a == 1 && model.second?.a == 1)
        #expect(twice.unknownKeys == ["o.b"])

        // Reached by a path and by a key: the same object.
        let paths = JSONMapper.context(json(#"{"l":[{"x":1,"y":2}]}"#), engine: engine, options: options)
        #expect(paths.context(at: ["l", 0])?.getInt("x") == 1)
        #expect(paths.getArray("l", ofClass: Inner.self).count == 1)
        #expect(paths.unknownKeys == ["l[0].y"])
    }

    @Test("two objects at different places keep their own reads", arguments: engines)
    func differentObjects(engine: JSONMapper.Engine) {
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let c = JSONMapper.context(json(#"{"p":{"a":1,"b":2},"q":{"a":1,"b":2}}"#), engine: engine, options: options)
        #expect(c.context(for: "p")?.getInt("a") == 1)
        #expect(c.context(for: "q")?.getInt("b") == 2)
        #expect(c.unknownKeys == ["p.b", "q.a"])
    }
}
