import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("JSON Merge Patch (RFC 7386)")
struct MergePatchTests {
    /// `target` (JSON text) with the merge patch `patch` (JSON text) applied, as compact JSON text.
    static func merge(_ target: String, _ patch: String) throws -> String {
        try JSONValue(parsing: target).applyingMergePatch(JSONValue(parsing: patch)).description
    }

    @Test(
        "the examples of RFC 7386 appendix A",
        arguments: [
            (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
            (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
            (#"{"a":"b"}"#, #"{"a":null}"#, "{}"),
            (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
            (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
            (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
            (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
            (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
            (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
            (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
            (#"{"a":"foo"}"#, "null", "null"),
            (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
            (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
            (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
            ("{}", #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
        ])
    func rfcExamples(target: String, patch: String, result: String) throws {
        #expect(try Self.merge(target, patch) == result)
    }

    @Test("members keep their place; new ones are appended in the patch's order")
    func order() throws {
        #expect(
            try Self.merge(#"{"z": 1, "y": {"b": 1, "a": 2}, "x": 3}"#, #"{"w": 0, "y": {"c": 3, "b": 9}, "z": 2, "v": 1}"#)
                == #"{"z":2,"y":{"b":9,"a":2,"c":3},"x":3,"w":0,"v":1}"#)
        #expect(try Self.merge(#"{"a": 1, "b": 2, "c": 3}"#, #"{"b": null}"#) == #"{"a":1,"c":3}"#)
    }

    @Test("arrays replace whole, nulls and all; nulls inside a new object vanish; a non-object target is {}")
    func values() throws {
        #expect(
            try Self.merge(#"{"a": [1, 2]}"#, #"{"a": [null, {"k": null}]}"#) == #"{"a":[null,{"k":null}]}"#)
        #expect(
            try Self.merge(#"{"a": 1}"#, #"{"b": {"c": null, "d": {"e": null, "f": 1}}}"#)
                == #"{"a":1,"b":{"d":{"f":1}}}"#)
        #expect(try Self.merge(#"{"a": 5}"#, #"{"a": {"b": null, "c": 1}}"#) == #"{"a":{"c":1}}"#)
        #expect(try Self.merge(#""text""#, #"{"a": null}"#) == "{}")
        #expect(try Self.merge("null", #"{"a": 1}"#) == #"{"a":1}"#)
        #expect(try Self.merge(#"{"a": 1}"#, "{}") == #"{"a":1}"#)
        #expect(try Self.merge(#"{"a": 1}"#, "[]") == "[]")
        #expect(try Self.merge(#"{"\u00e9": 1}"#, #"{"e\u0301": null}"#) == "{\"\u{E9}\":1}")
    }

    @Test("merging leaves the original untouched")
    func valueSemantics() throws {
        let doc = try JSONValue(parsing: #"{"a": {"b": [1], "c": {"d": 1}}}"#)
        let merged = doc.applyingMergePatch(["a": ["c": ["d": 2, "e": 3], "b": nil]])
        #expect(merged.description == #"{"a":{"c":{"d":2,"e":3}}}"#)
        #expect(doc.description == #"{"a":{"b":[1],"c":{"d":1}}}"#)
    }

    @Test("mergePatch(from:to:): null per removed member, nested patches, new values, nothing for equal members")
    func computed() throws {
        let source = try JSONValue(parsing: #"{"a": 1, "b": {"c": 2, "d": 3}, "e": [1], "f": "x", "g": {"h": 1}}"#)
        let target = try JSONValue(parsing: #"{"a": 1.0, "b": {"c": 5, "d": 3}, "e": [1, 2], "g": 7, "i": {"j": 1}}"#)
        let patch = JSONValue.mergePatch(from: source, to: target)
        #expect(patch.description == #"{"b":{"c":5},"e":[1,2],"f":null,"g":7,"i":{"j":1}}"#)
        #expect(source.applyingMergePatch(patch) == target)
        #expect(JSONValue.mergePatch(from: source, to: source).description == "{}")
        #expect(JSONValue.mergePatch(from: ["a": ["b": 1]], to: ["a": ["b": 1.0]]).description == "{}")
        #expect(JSONValue.mergePatch(from: [1], to: [2]).description == "[2]")
        #expect(JSONValue.mergePatch(from: ["a": 1], to: "x").description == #""x""#)
        #expect(JSONValue.mergePatch(from: "x", to: ["a": 1]).description == #"{"a":1}"#)
        #expect(JSONValue.mergePatch(from: ["a": 1], to: .null).description == "null")
        #expect(JSONValue.mergePatch(from: ["a": [1]], to: ["a": ["0": 1]]).description == #"{"a":{"0":1}}"#)
        #expect(
            JSONValue.mergePatch(from: ["\u{E9}": 1], to: ["e\u{301}": 1]).description
                == "{\"\u{E9}\":null,\"e\u{301}\":1}")
    }

    /// `value` with every `null` member of its objects replaced by `0`, so that a merge patch can reach it.
    static func withoutNullMembers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(.init(object.map { ($0.key, $0.value.isNull ? 0 : withoutNullMembers($0.value)) }))
        case .array(let array):
            return .array(array.map(withoutNullMembers))
        default:
            return value
        }
    }

    @Test("seeded random documents: the computed merge patch applied to the source gives the target")
    func random() {
        for seed in 0..<400 {
            var random = SplitMix64(seed: UInt64(seed) &+ 7386)
            let source = Editing.randomValue(depth: 4, &random)
            let target = Self.withoutNullMembers(Editing.randomlyEdited(source, &random))
            let patch = JSONValue.mergePatch(from: source, to: target)
            #expect(source.applyingMergePatch(patch) == target, "seed \(seed)")
            let other = Self.withoutNullMembers(Editing.randomValue(depth: 4, &random))
            #expect(source.applyingMergePatch(JSONValue.mergePatch(from: source, to: other)) == other, "seed \(seed)")
        }
    }

    @Test("objects 10,000 levels deep merge and compare without recursion")
    func deep() {
        var source: JSONValue = ["leaf": 1, "gone": true]
        var target: JSONValue = ["leaf": 2]
        for _ in 0..<10_000 {
            source = ["a": source, "same": 0]
            target = ["a": target, "same": 0]
        }
        var patch = JSONValue.mergePatch(from: source, to: target)
        var inner = patch
        for _ in 0..<10_000 { inner = inner["a"] ?? .null }
        #expect(inner == ["leaf": 2, "gone": nil])
        #expect(patch.objectValue?.keys == ["a"])
        var merged = source.applyingMergePatch(patch)
        #expect(merged == target)
        Self.dismantle(&source)
        Self.dismantle(&target)
        Self.dismantle(&patch)
        Self.dismantle(&merged)
    }

    /// Releases a deep chain of `{"a": …}` objects one level at a time.
    static func dismantle(_ value: inout JSONValue) {
        while let inner = value["a"] {
            value = inner
        }
    }
}
