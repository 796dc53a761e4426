import Foundation
import Testing

@testable import JSONMapper

@Suite("JSONPatch: reading patch documents")
struct JSONPatchTests {
    @Test("a valid document keeps only the members each operation uses, ordered op, from, path, value")
    func operations() throws {
        let text = #"""
            [
              {"value": 1, "path": "/a", "op": "add", "extra": true},
              {"path": "/a", "op": "remove", "value": "ignored", "from": "/ignored"},
              {"op": "replace", "path": "", "value": null},
              {"path": "/b", "from": "/a~1x", "op": "move", "value": 3},
              {"op": "copy", "from": "/0", "path": "/-"},
              {"op": "test", "path": "/~0", "value": {"k": [1.50]}, "from": 7}
            ]
            """#
        let patch = try JSONPatch(parsing: Data(text.utf8))
        let expected = #"""
            [{"op":"add","path":"/a","value":1},{"op":"remove","path":"/a"},{"op":"replace","path":"","value":null},\#
            {"op":"move","from":"/a~1x","path":"/b"},{"op":"copy","from":"/0","path":"/-"},\#
            {"op":"test","path":"/~0","value":{"k":[1.50]}}]
            """#
        #expect(patch.operations.description == expected)
        #expect(try JSONPatch(patch.operations) == patch)
        let written = try JSONMapper.data(from: patch.operations)
        #expect(try JSONPatch(parsing: written) == patch)
        #expect(try JSONPatch(.array([])).operations == [])
    }

    @Test("patches are equal when their operations are: pointers by tokens, values by ==")
    func equality() throws {
        let a = try JSONPatch([["op": "test", "path": "/x", "value": 1]])
        let b = try JSONPatch([["path": "/x", "value": 1.0, "op": "test", "note": "ignored"]])
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(a != (try JSONPatch([["op": "test", "path": "/x", "value": "1"]])))
        #expect(a != (try JSONPatch([["op": "test", "path": "/y", "value": 1]])))
        #expect(a != (try JSONPatch([["op": "replace", "path": "/x", "value": 1]])))
        let composed = try JSONPatch([["op": "remove", "path": "/\u{E9}"]])
        let decomposed = try JSONPatch([["op": "remove", "path": "/e\u{301}"]])
        #expect(composed != decomposed)
    }

    @Test("null counts as a value; a value missing where one is needed does not")
    func nullValue() throws {
        let patch = try JSONPatch([["op": "add", "path": "/a", "value": nil]])
        #expect(patch.operations.description == #"[{"op":"add","path":"/a","value":null}]"#)
        #expect(try JSONValue.object([:]).applying(patch) == ["a": nil])
    }

    @Test("a document that is not a patch throws invalidPatch naming the spot, word for word")
    func invalid() throws {
        let cases: [(String, String, String)] = [
            (#"{"op": "add"}"#, "", "expected an array of operations, found Object"),
            (#""add""#, "", #"expected an array of operations, found String "add""#),
            ("null", "", "expected an array of operations, found null"),
            (#"[{"op": "add", "path": "/a", "value": 1}, 3]"#, "[1]", "expected an operation object, found Number 3"),
            (#"[[]]"#, "[0]", "expected an operation object, found Array"),
            (#"[{"path": "/a"}]"#, "[0].op", #"missing required member "op""#),
            (#"[{"op": null, "path": "/a"}]"#, "[0].op", "expected String, found null"),
            (#"[{"op": true, "path": "/a"}]"#, "[0].op", "expected String, found Bool true"),
            (
                #"[{"op": "test", "path": "", "value": 1}, {"op": "Add", "path": "/a", "value": 1}]"#, "[1].op",
                #"expected one of "add", "remove", "replace", "move", "copy", "test", found String "Add""#
            ),
            (
                #"[{"op": "spam", "path": "/a"}]"#, "[0].op",
                #"expected one of "add", "remove", "replace", "move", "copy", "test", found String "spam""#
            ),
            (#"[{"op": "add", "value": 1}]"#, "[0].path", #"missing required member "path""#),
            (#"[{"op": "add", "path": null, "value": 1}]"#, "[0].path", "expected String, found null"),
            (#"[{"op": "remove", "path": 0}]"#, "[0].path", "expected String, found Number 0"),
            (
                #"[{"op": "add", "path": "foo", "value": 1}]"#, "[0].path",
                #"invalid JSON Pointer "foo": it must be empty or start with "/""#
            ),
            (
                #"[{"op": "remove", "path": "/a~2"}]"#, "[0].path",
                #"invalid JSON Pointer "/a~2": "~" must be followed by "0" or "1" ("~0" is "~", "~1" is "/")"#
            ),
            (#"[{"op": "move", "path": "/a"}]"#, "[0].from", #"missing required member "from""#),
            (#"[{"op": "copy", "from": ["/a"], "path": "/b"}]"#, "[0].from", "expected String, found Array"),
            (
                ##"[{"op": "move", "from": "#/a", "path": "/b"}]"##, "[0].from",
                ##"invalid JSON Pointer "#/a": the URI fragment form is not accepted; write the pointer itself, "##
                    + #"starting with "/""#
            ),
            (#"[{"op": "add", "path": "/a"}]"#, "[0].value", #"missing required member "value" for add"#),
            (#"[{"op": "replace", "path": "/a"}]"#, "[0].value", #"missing required member "value" for replace"#),
            (#"[{"op": "test", "path": "/a"}]"#, "[0].value", #"missing required member "value" for test"#),
        ]
        for (text, path, message) in cases {
            let error = #expect(throws: JSONMappingError.self, "\(text)") { try JSONPatch(parsing: Data(text.utf8)) }
            #expect(error?.code == .invalidPatch, "\(text)")
            #expect(error?.path == path, "\(text)")
            #expect(error?.message == message, "\(text)")
            #expect(error?.description == (path.isEmpty ? "" : path + ": ") + message, "\(text)")
        }
    }

    @Test("text that is not JSON throws malformedJSON from init(parsing:)")
    func malformed() {
        let error = #expect(throws: JSONMappingError.self) { try JSONPatch(parsing: Data("[{\"op\": }]".utf8)) }
        #expect(error?.code == .malformedJSON)
        #expect(error?.line == 1)
    }
}
