import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("JSONPointer (RFC 6901)")
struct JSONPointerTests {
    @Test(
        "text parses into unescaped tokens",
        arguments: [
            ("", []),
            ("/", [""]),
            ("//", ["", ""]),
            ("/a/b", ["a", "b"]),
            ("/a~1b", ["a/b"]),
            ("/m~0n", ["m~n"]),
            ("/~01", ["~1"]),
            ("/~10", ["/0"]),
            ("/~0~1~0", ["~/~"]),
            ("/ ", [" "]),
            ("/c%d", ["c%d"]),
            ("/é/e\u{301}", ["\u{E9}", "e\u{301}"]),
            ("/0/-/01", ["0", "-", "01"]),
            ("/a\\b/\"", ["a\\b", "\""]),
        ] as [(String, [String])])
    func parses(text: String, tokens: [String]) throws {
        let pointer = try JSONPointer(text)
        #expect(pointer.tokens == tokens)
        #expect(pointer.description == text)
        #expect(pointer == JSONPointer(tokens: tokens))
    }

    @Test("text that is not a pointer throws invalidPointer, word for word")
    func rejects() {
        let cases = [
            ("a/b", #"invalid JSON Pointer "a/b": it must be empty or start with "/""#),
            (" /a", #"invalid JSON Pointer " /a": it must be empty or start with "/""#),
            (
                "#/a",
                ##"invalid JSON Pointer "#/a": the URI fragment form is not accepted; write the pointer itself, "##
                    + #"starting with "/""#
            ),
            ("#", ##"invalid JSON Pointer "#": the URI fragment form is not accepted; write the pointer itself, "##
                + #"starting with "/""#),
            ("/a~", #"invalid JSON Pointer "/a~": "~" must be followed by "0" or "1" ("~0" is "~", "~1" is "/")"#),
            ("/a~2", #"invalid JSON Pointer "/a~2": "~" must be followed by "0" or "1" ("~0" is "~", "~1" is "/")"#),
            ("/~/", #"invalid JSON Pointer "/~/": "~" must be followed by "0" or "1" ("~0" is "~", "~1" is "/")"#),
        ]
        for (text, message) in cases {
            let error = #expect(throws: JSONMappingError.self) { try JSONPointer(text) }
            #expect(error?.code == .invalidPointer, "\(text)")
            #expect(error?.path == "", "\(text)")
            #expect(error?.message == message, "\(text)")
            #expect(error?.description == message, "\(text)")
        }
    }

    @Test("description escapes ~ before /, and every token list round-trips through text")
    func roundTrip() throws {
        #expect(JSONPointer(tokens: ["~1"]).description == "/~01")
        #expect(JSONPointer(tokens: ["/0"]).description == "/~10")
        #expect(JSONPointer(tokens: []).description == "")
        #expect(JSONPointer(tokens: [""]).description == "/")
        var random = SplitMix64(seed: 6901)
        let alphabet = ["~", "/", "0", "1", "a", "é", "e\u{301}", "-", " ", "~0", "~1"]
        for _ in 0..<500 {
            let tokens = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...4, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "" }
                    .joined()
            }
            let pointer = JSONPointer(tokens: tokens)
            let parsed = try JSONPointer(pointer.description)
            #expect(parsed.tokens == tokens)
            #expect(parsed == pointer)
            #expect(parsed.description == pointer.description)
        }
    }

    @Test("pointers are equal and hash alike when their tokens have the same scalars")
    func equality() {
        let composed = JSONPointer(tokens: ["\u{E9}"])
        let decomposed = JSONPointer(tokens: ["e\u{301}"])
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, JSONPointer(tokens: ["\u{E9}"])]).count == 2)
        #expect(JSONPointer(tokens: ["a", "b"]) != JSONPointer(tokens: ["a/b"]))
        #expect(JSONPointer(tokens: ["", ""]) != JSONPointer(tokens: [""]))
        #expect(JSONPointer(tokens: []) == JSONPointer(tokens: []))
        var pointer = JSONPointer(tokens: ["a"])
        pointer.tokens.append("b")
        #expect(pointer.description == "/a/b")
    }

    @Test("on an object a token is a name, digits and - included")
    func objectTokens() throws {
        let doc = try JSONValue(parsing: #"{"0": "zero", "01": "one", "-": "dash", "": "empty", "a/b": 1, "~": 2}"#)
        #expect(doc[pointer: try JSONPointer("/0")] == "zero")
        #expect(doc[pointer: try JSONPointer("/01")] == "one")
        #expect(doc[pointer: try JSONPointer("/-")] == "dash")
        #expect(doc[pointer: try JSONPointer("/")] == "empty")
        #expect(doc[pointer: try JSONPointer("/a~1b")] == 1)
        #expect(doc[pointer: try JSONPointer("/~0")] == 2)
        #expect(doc[pointer: try JSONPointer("/1")] == nil)
        #expect(doc[pointer: try JSONPointer("")] == doc)
    }

    @Test("on an array a token is 0 or digits without a leading zero, below the count")
    func arrayTokens() throws {
        let doc: JSONValue = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]
        #expect(doc[pointer: try JSONPointer("/0")] == "a")
        #expect(doc[pointer: try JSONPointer("/10")] == "k")
        for token in ["-", "01", "00", "+1", "1e0", "", " 1", "1 ", "-1", "11", "0x1", "١", "9223372036854775807",
            "9223372036854775808", "99999999999999999999999"]
        {
            #expect(doc[pointer: JSONPointer(tokens: [token])] == nil, "\(token)")
        }
        #expect(JSONPointer.index("9223372036854775807") == Int.max)
        #expect(JSONPointer.index("9223372036854775808") == nil)
    }

    @Test("RFC 6901 section 5: every pointer of the example names the value it shows")
    func rfcExample() throws {
        let doc = try JSONValue(
            parsing: #"""
                {"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6,
                 " ": 7, "m~n": 8}
                """#)
        let cases: [(String, JSONValue)] = [
            ("", doc), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2),
            ("/e^f", 3), ("/g|h", 4), (#"/i\j"#, 5), (#"/k"l"#, 6), ("/ ", 7), ("/m~0n", 8),
        ]
        for (text, expected) in cases {
            let pointer = try JSONPointer(text)
            #expect(doc[pointer: pointer] == expected, "\(text)")
            #expect(pointer.description == text)
        }
    }

    @Test("a pointer reads through nested values and stops at a leaf")
    func nested() throws {
        let doc = try JSONValue(parsing: #"{"users": [{"name": "Ada", "tags": [null]}], "n": 1}"#)
        #expect(doc[pointer: try JSONPointer("/users/0/name")] == "Ada")
        #expect(doc[pointer: try JSONPointer("/users/0/tags/0")] == .null)
        #expect(doc[pointer: try JSONPointer("/users/0/tags/1")] == nil)
        #expect(doc[pointer: try JSONPointer("/n/0")] == nil)
        #expect(doc[pointer: try JSONPointer("/users/0/name/x")] == nil)
        #expect(doc[pointer: try JSONPointer("/users/name")] == nil)
    }

    @Test("reading a value 10,000 levels deep does not recurse")
    func deep() {
        var value: JSONValue = "bottom"
        for _ in 0..<10_000 { value = ["a": [value]] }
        let pointer = JSONPointer(tokens: Array(repeating: ["a", "0"], count: 10_000).flatMap { $0 })
        #expect(value[pointer: pointer] == "bottom")
        #expect(pointer.description.count == 40_000)
        withExtendedLifetime(value) {}
        // Releasing a value that deep recurses in Swift's runtime; take it apart level by level instead.
        Self.dismantle(&value)
    }

    /// Releases a deep `{"a": [ … ]}` chain one level at a time.
    static func dismantle(_ value: inout JSONValue) {
        while case .object(let object) = value, let inner = object["a"]?[0] {
            value = inner
        }
    }
}
