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
}
