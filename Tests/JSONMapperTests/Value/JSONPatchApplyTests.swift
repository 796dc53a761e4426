import Foundation
import Testing

@testable import JSONMapper

@Suite("JSONPatch: applying")
struct JSONPatchApplyTests {
    /// `doc` (JSON text) with `patch` (JSON text) applied, as compact JSON text.
    static func apply(_ doc: String, _ patch: String) throws -> String {
        try JSONValue(parsing: doc).applying(JSONPatch(parsing: Data(patch.utf8))).description
    }

    /// The error applying `patch` to `doc` throws.
    static func failure(_ doc: String, _ patch: String) throws -> JSONMappingError? {
        let value = try JSONValue(parsing: doc)
        let patch = try JSONPatch(parsing: Data(patch.utf8))
        return #expect(throws: JSONMappingError.self) { try value.applying(patch) }
    }

    @Test("operations run in order, each on the result of the one before")
    func order() throws {
        let result = try Self.apply(
            #"{"a": 1}"#,
            #"""
            [{"op": "add", "path": "/b", "value": [1]}, {"op": "add", "path": "/b/-", "value": 2},
             {"op": "move", "from": "/a", "path": "/b/0"}, {"op": "test", "path": "/b", "value": [1, 1, 2]},
             {"op": "copy", "from": "/b", "path": "/c"}, {"op": "remove", "path": "/b/1"},
             {"op": "replace", "path": "/c/2", "value": "two"}]
            """#)
        #expect(result == #"{"b":[1,2],"c":[1,1,"two"]}"#)
    }

    @Test("when one operation fails, none apply, and the value is unchanged")
    func atomic() throws {
        let doc = try JSONValue(parsing: #"{"a": [1, 2], "b": {"c": 3}}"#)
        let before = doc.description
        let patch = try JSONPatch([
            ["op": "add", "path": "/a/-", "value": 3],
            ["op": "remove", "path": "/b/c"],
            ["op": "test", "path": "/a/0", "value": 2],
        ])
        let error = #expect(throws: JSONMappingError.self) { try doc.applying(patch) }
        #expect(error?.description == #"[2]: test "/a/0": found Number 1, expected Number 2"#)
        #expect(doc.description == before)
    }

    @Test("add: \"\" replaces the document; a member is replaced in place or appended; no parent is created")
    func addMembers() throws {
        #expect(try Self.apply(#"{"a": 1}"#, #"[{"op": "add", "path": "", "value": [true]}]"#) == "[true]")
        #expect(try Self.apply(#""x""#, #"[{"op": "add", "path": "", "value": {"k": 1}}]"#) == #"{"k":1}"#)
        #expect(
            try Self.apply(#"{"a": 1, "b": 2, "c": 3}"#, #"[{"op": "add", "path": "/b", "value": null}]"#)
                == #"{"a":1,"b":null,"c":3}"#)
        #expect(
            try Self.apply(#"{"a": 1}"#, #"[{"op": "add", "path": "/", "value": 2}]"#) == #"{"a":1,"":2}"#)
        #expect(
            try Self.apply(#"{"a": 1}"#, #"[{"op": "add", "path": "/0", "value": 2}]"#) == #"{"a":1,"0":2}"#)
        #expect(
            try Self.apply(#"{"\u00e9": 1}"#, #"[{"op": "add", "path": "/e\u0301", "value": 2}]"#)
                == "{\"\u{E9}\":1,\"e\u{301}\":2}")
        let error = try Self.failure(#"{"q": {"bar": 2}}"#, #"[{"op": "add", "path": "/a/b", "value": 1}]"#)
        #expect(error?.code == .patchFailed)
        #expect(error?.path == "[0]")
        #expect(error?.message == #"add "/a/b": no member "a" in the object at """#)
    }

    @Test("add: array indices 0…count insert and - appends; anything else fails")
    func addElements() throws {
        #expect(try Self.apply("[1, 2]", #"[{"op": "add", "path": "/0", "value": 0}]"#) == "[0,1,2]")
        #expect(try Self.apply("[1, 2]", #"[{"op": "add", "path": "/1", "value": 9}]"#) == "[1,9,2]")
        #expect(try Self.apply("[1, 2]", #"[{"op": "add", "path": "/2", "value": 3}]"#) == "[1,2,3]")
        #expect(try Self.apply("[1, 2]", #"[{"op": "add", "path": "/-", "value": [3]}]"#) == "[1,2,[3]]")
        #expect(try Self.apply("[]", #"[{"op": "add", "path": "/0", "value": 1}]"#) == "[1]")
        let cases = [
            ("/3", #"add "/3": index 3 is past the end of the array at "", which has 2"#),
            ("/99999999999999999999", #"add "/99999999999999999999": index 99999999999999999999 is past the end "#
                + #"of the array at "", which has 2"#),
            ("/-1", #"add "/-1": "-1" is not an index of the array at """#),
            ("/01", #"add "/01": "01" is not an index of the array at """#),
            ("/1e0", #"add "/1e0": "1e0" is not an index of the array at """#),
            ("/", #"add "/": "" is not an index of the array at """#),
            ("/a", #"add "/a": "a" is not an index of the array at """#),
            ("/0/x", #"add "/0/x": the value at "/0" is Number 1, not an object or an array"#),
            ("/-/x", #"add "/-/x": "-" is the end of the array at "", not an element"#),
        ]
        for (path, message) in cases {
            let error = try Self.failure("[1, 2]", #"[{"op": "add", "path": "\#(path)", "value": 5}]"#)
            #expect(error?.message == message, "\(path)")
            #expect(error?.code == .patchFailed)
        }
    }

    @Test("remove and replace need their target: null exists, - never does; removing \"\" fails")
    func removeAndReplace() throws {
        #expect(try Self.apply(#"{"a": null, "b": 1}"#, #"[{"op": "remove", "path": "/a"}]"#) == #"{"b":1}"#)
        #expect(try Self.apply(#"[1, 2, 3]"#, #"[{"op": "remove", "path": "/1"}]"#) == "[1,3]")
        #expect(
            try Self.apply(#"{"a": null, "b": 1}"#, #"[{"op": "replace", "path": "/a", "value": 2}]"#)
                == #"{"a":2,"b":1}"#)
        #expect(try Self.apply("[1, 2]", #"[{"op": "replace", "path": "/1", "value": {}}]"#) == "[1,{}]")
        #expect(try Self.apply("42", #"[{"op": "replace", "path": "", "value": "x"}]"#) == #""x""#)
        let cases = [
            (#"{"op": "remove", "path": ""}"#, #"remove "": cannot remove the whole document"#),
            (#"{"op": "remove", "path": "/missing/leaf"}"#, #"remove "/missing/leaf": no member "missing" in the "#
                + #"object at """#),
            (#"{"op": "remove", "path": "/o/x"}"#, #"remove "/o/x": no member "x" in the object at "/o""#),
            (#"{"op": "remove", "path": "/arr/2"}"#, #"remove "/arr/2": no element 2 in the array at "/arr", "#
                + "which has 2"),
            (#"{"op": "remove", "path": "/arr/-"}"#, #"remove "/arr/-": "-" is the end of the array at "/arr", "#
                + "not an element"),
            (#"{"op": "replace", "path": "/arr/-", "value": 1}"#, #"replace "/arr/-": "-" is the end of the array "#
                + #"at "/arr", not an element"#),
            (#"{"op": "replace", "path": "/nope", "value": 1}"#, #"replace "/nope": no member "nope" in the "#
                + #"object at """#),
            (#"{"op": "replace", "path": "/arr/1e0", "value": 1}"#, #"replace "/arr/1e0": "1e0" is not an index "#
                + #"of the array at "/arr""#),
            (#"{"op": "remove", "path": "/s/0"}"#, #"remove "/s/0": the value at "/s" is String "text", not an "#
                + "object or an array"),
            (#"{"op": "remove", "path": "/n/0/x"}"#, #"remove "/n/0/x": the value at "/n" is null, not an object "#
                + "or an array"),
            (#"{"op": "remove", "path": "/o~1x"}"#, #"remove "/o~1x": no member "o/x" in the object at """#),
            (#"{"op": "remove", "path": "/a\"b"}"#, #"remove "/a\"b": no member "a\"b" in the object at """#),
        ]
        let doc = #"{"arr": [1, 2], "o": {}, "s": "text", "n": null}"#
        for (operation, message) in cases {
            let error = try Self.failure(doc, "[\(operation)]")
            #expect(error?.message == message, "\(operation)")
            #expect(error?.path == "[0]")
        }
    }

    @Test("the failure names the operation's index and its pointer as written, as the issue shows")
    func issueMessage() throws {
        let error = try Self.failure(
            #"{"a": 1, "b": {}}"#,
            #"""
            [{"op": "test", "path": "/a", "value": 1}, {"op": "add", "path": "/b/c", "value": 2},
             {"op": "remove", "path": "/missing/leaf"}]
            """#)
        #expect(error?.description == #"[2]: remove "/missing/leaf": no member "missing" in the object at """#)
        #expect(error?.path == "[2]")
        #expect(error?.code == .patchFailed)
    }

    @Test("move: from must exist and not be a proper prefix of path by tokens; from == path changes nothing")
    func move() throws {
        #expect(
            try Self.apply(#"{"a": {"b": 1}, "c": 2}"#, #"[{"op": "move", "from": "/a/b", "path": "/c"}]"#)
                == #"{"a":{},"c":1}"#)
        #expect(try Self.apply("[1, 2, 3, 4]", #"[{"op": "move", "from": "/1", "path": "/3"}]"#) == "[1,3,4,2]")
        #expect(try Self.apply("[1, 2, 3, 4]", #"[{"op": "move", "from": "/3", "path": "/0"}]"#) == "[4,1,2,3]")
        #expect(
            try Self.apply(#"{"a": {"b": 1}}"#, #"[{"op": "move", "from": "/a", "path": "/a"}]"#)
                == #"{"a":{"b":1}}"#)
        // "/a" is a prefix of "/ab" as text, not by tokens.
        #expect(
            try Self.apply(#"{"a": 1, "ab": 2}"#, #"[{"op": "move", "from": "/a", "path": "/ab"}]"#) == #"{"ab":1}"#)
        #expect(
            try Self.apply(#"{"a": {"b": {}}}"#, #"[{"op": "move", "from": "/a/b", "path": "/a/b2"}]"#)
                == #"{"a":{"b2":{}}}"#)
        let cases = [
            (#"{"op": "move", "from": "/a", "path": "/a/b"}"#, #"move from "/a" to "/a/b": the destination is "#
                + "inside the value moved"),
            (#"{"op": "move", "from": "", "path": "/x"}"#, #"move from "" to "/x": the destination is inside the "#
                + "value moved"),
            (#"{"op": "move", "from": "/bar", "path": "/foo"}"#, #"move from "/bar" to "/foo": no member "bar" in "#
                + #"the object at """#),
            (#"{"op": "move", "from": "/bar", "path": "/bar"}"#, #"move from "/bar" to "/bar": no member "bar" in "#
                + #"the object at """#),
            (#"{"op": "move", "from": "/bar", "path": "/bar/x"}"#, #"move from "/bar" to "/bar/x": no member "#
                + #""bar" in the object at """#),
            (#"{"op": "move", "from": "/a", "path": "/x/y"}"#, #"move from "/a" to "/x/y": no member "x" in the "#
                + #"object at """#),
        ]
        for (operation, message) in cases {
            let error = try Self.failure(#"{"a": {"b": 1}}"#, "[\(operation)]")
            #expect(error?.message == message, "\(operation)")
        }
    }

    @Test("copy takes the value first, so it may copy a value into its own child")
    func copy() throws {
        #expect(
            try Self.apply(#"{"a": {"b": 1}}"#, #"[{"op": "copy", "from": "/a", "path": "/a/c"}]"#)
                == #"{"a":{"b":1,"c":{"b":1}}}"#)
        #expect(try Self.apply("[1, [2]]", #"[{"op": "copy", "from": "/1", "path": "/1/0"}]"#) == "[1,[[2],2]]")
        #expect(try Self.apply(#"{"a": 1}"#, #"[{"op": "copy", "from": "", "path": "/b"}]"#) == #"{"a":1,"b":{"a":1}}"#)
        let error = try Self.failure(#"{"a": [1]}"#, #"[{"op": "copy", "from": "/a/1", "path": "/b"}]"#)
        #expect(error?.message == #"copy from "/a/1" to "/b": no element 1 in the array at "/a", which has 1"#)
    }

    @Test("the copy and the original change apart afterwards")
    func copiesAreIndependent() throws {
        let result = try Self.apply(
            #"{"a": {"list": [1]}}"#,
            #"""
            [{"op": "copy", "from": "/a", "path": "/b"}, {"op": "add", "path": "/b/list/-", "value": 2},
             {"op": "replace", "path": "/a/list/0", "value": 0}]
            """#)
        #expect(result == #"{"a":{"list":[0]},"b":{"list":[1,2]}}"#)
    }

    @Test("test compares as == does: numbers by exact value, strings by scalars, objects in any order")
    func test() throws {
        let doc = try JSONValue(
            parsing: #"""
                {"n": 1, "z": 0, "big": 100000000000000000000000000001, "e": 1e400, "s": "\u00e9",
                 "o": {"a": 1, "b": [1, 2]}, "arr": [1, "1", true], "null": null, "t": true}
                """#)
        let passes: [(String, JSONValue)] = [
            ("/n", 1), ("/n", 1.0), ("/n", .number(.init(text: "1e0")!)), ("/n", .number(.init(text: "10e-1")!)),
            ("/z", .number(.init(text: "-0")!)), ("/z", .number(.init(text: "0.0e5")!)),
            ("/big", .number(.init(text: "1.00000000000000000000000000001e29")!)),
            ("/e", .number(.init(text: "10e399")!)), ("/s", "\u{E9}"),
            ("/o", ["b": [1, 2], "a": 1.0]), ("/arr", [1, "1", true]), ("/null", nil), ("/t", true), ("", doc),
        ]
        for (path, value) in passes {
            let patch = try JSONPatch([["op": "test", "path": .string(path), "value": value]])
            #expect(try doc.applying(patch) == doc, "\(path) \(value)")
        }
        let failures: [(String, JSONValue, String)] = [
            ("/n", "1", #"found Number 1, expected String "1""#),
            ("/t", 1, "found Bool true, expected Number 1"),
            ("/n", true, "found Number 1, expected Bool true"),
            ("/big", .number(.init(text: "100000000000000000000000000000")!),
                "found Number 100000000000000000000000000001, expected Number 100000000000000000000000000000"),
            ("/e", .number(.init(text: "1e399")!), "found Number 1e400, expected Number 1e399"),
            ("/s", "e\u{301}", "found String \"\u{E9}\", expected String \"e\u{301}\""),
            ("/o", ["a": 1], "found Object not equal to the Object expected"),
            ("/arr", ["1", 1, true], "found Array not equal to the Array expected"),
            ("/null", false, "found null, expected Bool false"),
        ]
        for (path, value, reason) in failures {
            let patch = try JSONPatch([["op": "test", "path": .string(path), "value": value]])
            let error = #expect(throws: JSONMappingError.self) { try doc.applying(patch) }
            #expect(error?.message == "test \(Quoting.quoted(path)): \(reason)")
        }
        let missing = #expect(throws: JSONMappingError.self) {
            try doc.applying(JSONPatch([["op": "test", "path": "/nothing", "value": nil]]))
        }
        #expect(missing?.message == #"test "/nothing": no member "nothing" in the object at """#)
    }

    @Test("RFC 6902 appendix A: adding to an array, moving an element, a nested add, an escaped pointer")
    func rfcExamples() throws {
        #expect(
            try Self.apply(#"{"foo": ["bar", "baz"]}"#, #"[{"op": "add", "path": "/foo/1", "value": "qux"}]"#)
                == #"{"foo":["bar","qux","baz"]}"#)
        #expect(
            try Self.apply(
                #"{"foo": ["all", "grass", "cows", "eat"]}"#, #"[{"op": "move", "from": "/foo/1", "path": "/foo/3"}]"#)
                == #"{"foo":["all","cows","eat","grass"]}"#)
        #expect(
            try Self.apply(#"{"foo": "bar"}"#, #"[{"op": "add", "path": "/child", "value": {"grandchild": {}}}]"#)
                == #"{"foo":"bar","child":{"grandchild":{}}}"#)
        #expect(try Self.apply(#"{"/": 9, "~1": 10}"#, #"[{"op": "test", "path": "/~01", "value": 10}]"#)
            == #"{"/":9,"~1":10}"#)
        let error = try Self.failure(#"{"/": 9, "~1": 10}"#, #"[{"op": "test", "path": "/~01", "value": "10"}]"#)
        #expect(error?.message == #"test "/~01": found Number 10, expected String "10""#)
    }

    @Test("operations reach 10,000 levels deep without recursion")
    func deep() throws {
        var doc: JSONValue = ["leaf": 0]
        for _ in 0..<10_000 { doc = [doc] }
        let path = "/" + Array(repeating: "0", count: 10_000).joined(separator: "/")
        let patch = try JSONPatch([
            ["op": "test", "path": .string(path + "/leaf"), "value": 0],
            ["op": "replace", "path": .string(path + "/leaf"), "value": 1],
            ["op": "add", "path": .string(path + "/new"), "value": true],
            ["op": "copy", "from": .string(path), "path": .string(path + "/copy")],
            ["op": "remove", "path": .string(path + "/copy")],
            ["op": "move", "from": .string(path + "/new"), "path": .string(path + "/moved")],
        ])
        var result = try doc.applying(patch)
        var bottom = result
        for _ in 0..<10_000 { bottom = bottom[0] ?? .null }
        #expect(bottom == ["leaf": 1, "moved": true])
        let failure = #expect(throws: JSONMappingError.self) {
            try doc.applying(JSONPatch([["op": "remove", "path": .string(path + "/0/x")]]))
        }
        #expect(failure?.message == #"remove "\#(path)/0/x": no member "0" in the object at "\#(path)""#)
        Self.dismantle(&result)
        Self.dismantle(&doc)
    }

    /// Releases a deep `[[…]]` chain one level at a time (Swift's own release recurses).
    static func dismantle(_ value: inout JSONValue) {
        while case .array(let array) = value, let inner = array.first {
            value = inner
        }
    }

    /// One `replace` per element of an array: the array is changed in place, so eight times the elements cost
    /// about eight times as much, not sixty-four.
    @Test("replacing every element of a large array one by one takes time linear in the array")
    func linearReplaces() throws {
        func seconds(count: Int) throws -> Double {
            let doc = JSONValue.array((0..<count).map { .number(.init($0)) })
            let patch = try JSONPatch(
                .array((0..<count).map { ["op": "replace", "path": .string("/\($0)"), "value": .number(.init(-$0))] }))
            var result = JSONValue.null
            let time = try Editing.bestSeconds { result = try doc.applying(patch) }
            #expect(result == .array((0..<count).map { .number(.init(-$0)) }))
            return time
        }
        let small = try seconds(count: 10_000)
        let large = try seconds(count: 80_000)
        #expect(large / small < 24, "10,000 replaces: \(small) s; 80,000: \(large) s")
    }

    /// The same through two containers, `/items/i/n`: every container on the path is changed in place, the outer
    /// array included.
    @Test("replacing a member inside every element of a large array takes time linear in the array")
    func linearNestedReplaces() throws {
        func seconds(count: Int) throws -> Double {
            let doc: JSONValue = ["items": .array((0..<count).map { ["n": .number(.init($0))] })]
            let patch = try JSONPatch(
                .array((0..<count).map { ["op": "replace", "path": .string("/items/\($0)/n"), "value": true] }))
            var result = JSONValue.null
            let time = try Editing.bestSeconds { result = try doc.applying(patch) }
            #expect(result == ["items": .array(Array(repeating: ["n": true], count: count))])
            return time
        }
        let small = try seconds(count: 5_000)
        let large = try seconds(count: 40_000)
        #expect(large / small < 24, "5,000 replaces: \(small) s; 40,000: \(large) s")
    }
}
