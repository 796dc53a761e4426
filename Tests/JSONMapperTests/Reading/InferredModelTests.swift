import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Model getters whose type comes from where the result goes, beside the `ofClass:` forms.
@Suite("Model getters with inferred types")
struct InferredModelTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    struct Label: JSONSerializable, Equatable {
        let name: String
        init(_ c: JSONDeserializationContext) { name = c.requireString("name") }
        init(name: String) { self.name = name }
    }

    /// Primitive and model arrays under the same name, annotated the way users write them.
    struct Issue: JSONSerializable {
        let tags: [String]
        let labels: [Label]
        let strictLabels: [Label]
        let owner: Address?
        let assignee: Address
        let byTeam: [String: Label]
        let strictByTeam: [String: Label]
        let scores: [String: Int]
        init(_ c: JSONDeserializationContext) {
            tags = c.getArray("tags")
            labels = c.getArray("labels")
            strictLabels = c.requireArray("labels")
            owner = c.getObject("owner")
            assignee = c.requireObject("assignee")
            byTeam = c.getDictionary("teams")
            strictByTeam = c.requireDictionary("teams")
            scores = c.getDictionary("scores")
        }
    }

    static let issue = #"""
        {"tags": ["bug", "ui"], "labels": [{"name": "p1"}, {"title": "x"}, {"name": "p2"}],
         "owner": {"city": "Paris"}, "assignee": {"city": "Oslo", "state": "OS"},
         "teams": {"core": {"name": "c"}, "docs": {"name": "d"}}, "scores": {"a": 1, "b": 2}}
        """#

    @Test("getArray picks the primitive or the model overload from the element type", arguments: engines)
    func inferredValues(engine: JSONMapper.Engine) {
        let c = context(Self.issue, engine: engine)
        let issue = Issue(c)
        #expect(issue.tags == ["bug", "ui"])
        #expect(issue.labels == [Label(name: "p1"), Label(name: "p2")])
        #expect(issue.strictLabels == [Label(name: "p1"), Label(name: "p2")])
        #expect(issue.owner?.city == "Paris")
        #expect(issue.assignee.state == "OS")
        #expect(issue.byTeam.mapValues(\.name) == ["core": "c", "docs": "d"])
        #expect(issue.strictByTeam.count == 2)
        #expect(issue.scores == ["a": 1, "b": 2])
        #expect(c.hasFailed)
        #expect(
            descriptions(c) == [
                "labels[1].name: missing required String",
                "labels[1]: dropped from [Label]: a required value inside it failed",
                "labels[1].name: missing required String",
                "labels[1]: dropped from [Label]: a required value inside it failed",
            ])
        #expect(c.failure?.description == "labels[1].name: missing required String")
    }

    @Test("the inferred forms give what the ofClass: forms give", arguments: engines)
    func sameAsOfClass(engine: JSONMapper.Engine) {
        let inferred = context(Self.issue, engine: engine)
        let explicit = context(Self.issue, engine: engine)
        let a: [Label] = inferred.getArray("labels")
        #expect(a == explicit.getArray("labels", ofClass: Label.self))
        let b: Address? = inferred.getObject("missing")
        #expect(b == nil && explicit.getObject("missing", ofClass: Address.self) == nil)
        let c: Label = inferred.requireObject("nothing")
        #expect(c == explicit.requireObject("nothing", ofClass: Label.self))
        #expect(descriptions(inferred) == descriptions(explicit))
        #expect(descriptions(inferred).last == "nothing: missing required Label")
    }

    @Test("top-level arrays of models and of primitives, inferred, leniently and strictly", arguments: engines)
    func topLevelArrays(engine: JSONMapper.Engine) {
        let models = context(#"[{"name": "a"}, {}, {"name": "b"}]"#, engine: engine)
        let lenient: [Label] = models.getArray()
        #expect(lenient.map(\.name) == ["a", "b"])
        #expect(!models.hasFailed)
        let strict: [Label] = models.requireArray()
        #expect(strict.map(\.name) == ["a", "b"])
        #expect(models.failure?.description == "[1].name: missing required String")

        let numbers = context("[1, 2.5, 3]", engine: engine)
        let lenientNumbers: [Int] = numbers.getArray()
        #expect(lenientNumbers == [1, 3])
        #expect(!numbers.hasFailed)
        let strictNumbers: [Int] = numbers.requireArray()
        #expect(strictNumbers == [1, 3])
        #expect(numbers.failure?.description == "[1]: expected Int, found Number 2.5 (not a whole number)")
        #expect(numbers.errors.map(\.isRequired) == [false, false, true, true])
    }
}
