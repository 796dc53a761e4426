import Foundation
import Testing

@testable import JSONMapper

/// The examples of the README's "Editing JSON" section and of the EditingJSON article give what their comments say.
@Suite("Editing JSON: the documented examples")
struct EditingExamplesTests {
    @Test("README: subscripts, a patch, a pointer, a diff and merge patches")
    func readme() throws {
        var doc = try JSONValue(parsing: #"{"name": "Ada", "tags": ["a"], "n": 1}"#)
        doc["name"] = "Ada L."
        doc["n"] = nil
        doc["missing"]?["x"] = 1
        #expect(doc.description == #"{"name":"Ada L.","tags":["a"]}"#)
        let patch = try JSONPatch(parsing: Data(#"[{"op": "add", "path": "/tags/-", "value": "b"}]"#.utf8))
        let patched = try doc.applying(patch)
        #expect(patched.description == #"{"name":"Ada L.","tags":["a","b"]}"#)
        #expect(patched[pointer: try JSONPointer("/tags/1")] == "b")
        #expect(
            JSONPatch(from: doc, to: patched).operations.description == #"[{"op":"add","path":"/tags/1","value":"b"}]"#)
        #expect(JSONValue.mergePatch(from: doc, to: patched).description == #"{"tags":["a","b"]}"#)
        #expect(doc.applyingMergePatch(["tags": nil]).description == #"{"name":"Ada L."}"#)
    }

    @Test("the article: in-place edits, pointers, a failing patch, a diff and a merge patch")
    func article() throws {
        var doc = try JSONValue(parsing: #"{"name": "Ada", "items": [{"id": 1}, {"id": 2}]}"#)
        doc["name"] = "Ada L."
        doc["items"]?[1]?["seen"] = true
        doc["items"]?[5]?["seen"] = true
        doc["name"] = nil
        #expect(doc.description == #"{"items":[{"id":1},{"id":2,"seen":true}]}"#)

        let pointed = try JSONValue(parsing: #"{"a/b": [10, 20], "": 0}"#)
        #expect(pointed[pointer: try JSONPointer("/a~1b/1")] == 20)
        #expect(pointed[pointer: try JSONPointer("/a~1b/01")] == nil)
        #expect(pointed[pointer: JSONPointer(tokens: [""])] == 0)
        #expect(JSONPointer(tokens: ["a/b", "~"]).description == "/a~1b/~0")
        let error = #expect(throws: JSONMappingError.self) { try JSONPointer("a/b") }
        #expect(error?.message == #"invalid JSON Pointer "a/b": it must be empty or start with "/""#)

        let leaf = try JSONValue(parsing: #"{"a": {"leaf": 1}}"#)
        let patch = try JSONPatch(
            parsing: Data(
                #"""
                [{"op": "test", "path": "/a/leaf", "value": 1.0},
                 {"op": "move", "from": "/a/leaf", "path": "/b"},
                 {"op": "remove", "path": "/missing/leaf"}]
                """#.utf8))
        let failure = #expect(throws: JSONMappingError.self) { try leaf.applying(patch) }
        #expect(failure?.description == #"[2]: remove "/missing/leaf": no member "missing" in the object at """#)

        let old = try JSONValue(parsing: #"{"name": "Ada", "tags": ["a", "b", "c"], "n": 1}"#)
        let new = try JSONValue(parsing: #"{"name": "Ada L.", "tags": ["a", "x", "b", "c"]}"#)
        #expect(
            JSONPatch(from: old, to: new).operations.description
                == #"[{"op":"replace","path":"/name","value":"Ada L."},{"op":"remove","path":"/n"},"#
                + #"{"op":"add","path":"/tags/1","value":"x"}]"#)

        let before = try JSONValue(parsing: #"{"a": 1, "b": {"c": 2, "d": 3}, "e": [1]}"#)
        let after = try JSONValue(parsing: #"{"a": 1, "b": {"c": 5}, "e": [1, 2], "f": true}"#)
        let merge = JSONValue.mergePatch(from: before, to: after)
        #expect(merge.description == #"{"b":{"c":5,"d":null},"e":[1,2],"f":true}"#)
        #expect(before.applyingMergePatch(merge) == after)
    }
}
