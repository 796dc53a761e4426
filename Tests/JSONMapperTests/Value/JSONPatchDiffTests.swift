import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("JSONPatch: diffs")
struct JSONPatchDiffTests {
    /// The diff's operations as compact JSON text.
    static func diff(_ source: JSONValue, _ target: JSONValue) -> String {
        JSONPatch(from: source, to: target).operations.description
    }

    /// Checks that the diff turns `source` into `target`, directly and after a trip through JSON text, and that
    /// it is empty exactly when they are equal.
    static func checkRoundTrip(
        _ source: JSONValue, _ target: JSONValue, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let patch = JSONPatch(from: source, to: target)
        #expect(try source.applying(patch) == target, comment, sourceLocation: sourceLocation)
        let text = try JSONMapper.data(from: patch.operations)
        let read = try JSONPatch(parsing: text)
        #expect(read == patch, comment, sourceLocation: sourceLocation)
        #expect(try source.applying(read) == target, comment, sourceLocation: sourceLocation)
        #expect(patch.operations.arrayValue?.isEmpty == (source == target), comment, sourceLocation: sourceLocation)
    }

    @Test("the diff is empty exactly when the values are equal: numbers by value, objects in any order")
    func empty() throws {
        let a = try JSONValue(parsing: #"{"n": 1, "z": -0, "o": {"x": [1.0, "s"], "y": null}, "big": 1e400}"#)
        let b = try JSONValue(parsing: #"{"o": {"y": null, "x": [1e0, "s"]}, "big": 10e399, "z": 0, "n": 1.00}"#)
        #expect(Self.diff(a, b) == "[]")
        #expect(Self.diff(.null, .null) == "[]")
        #expect(Self.diff("é", "e\u{301}") == "[{\"op\":\"replace\",\"path\":\"\",\"value\":\"e\u{301}\"}]")
        #expect(Self.diff(1, "1") == #"[{"op":"replace","path":"","value":"1"}]"#)
        #expect(Self.diff(true, 1) == #"[{"op":"replace","path":"","value":1}]"#)
        #expect(Self.diff(nil, false) == #"[{"op":"replace","path":"","value":false}]"#)
    }

    @Test("one operation each: a changed leaf, an added or removed member, a change of kind")
    func singleOperations() throws {
        let doc = try JSONValue(parsing: #"{"a": {"b": {"c": 1, "d": [1, 2]}}, "e": "x"}"#)
        var changed = doc
        changed["a"]?["b"]?["c"] = 2
        #expect(Self.diff(doc, changed) == #"[{"op":"replace","path":"/a/b/c","value":2}]"#)
        var added = doc
        added["a"]?["b"]?["new"] = ["k": nil]
        #expect(Self.diff(doc, added) == #"[{"op":"add","path":"/a/b/new","value":{"k":null}}]"#)
        var removed = doc
        removed["a"]?["b"]?["d"] = nil
        #expect(Self.diff(doc, removed) == #"[{"op":"remove","path":"/a/b/d"}]"#)
        var kind = doc
        kind["a"]?["b"]?["d"] = ["0": 1]
        #expect(Self.diff(doc, kind) == #"[{"op":"replace","path":"/a/b/d","value":{"0":1}}]"#)
        var nulled = doc
        nulled["e"] = .null
        #expect(Self.diff(doc, nulled) == #"[{"op":"replace","path":"/e","value":null}]"#)
        #expect(Self.diff(doc, [1]) == #"[{"op":"replace","path":"","value":[1]}]"#)
        #expect(Self.diff([1], ["0": 1]) == #"[{"op":"replace","path":"","value":{"0":1}}]"#)
    }

    @Test("member names are escaped in the pointers: a/b, ~1, the empty name")
    func escapedNames() throws {
        let source: JSONValue = ["a/b": 1, "~1": 2, "": 3, "keep": 0]
        let target: JSONValue = ["a/b": 9, "": 3, "keep": 0, "~": 4]
        #expect(
            Self.diff(source, target)
                == #"[{"op":"replace","path":"/a~1b","value":9},{"op":"remove","path":"/~01"},"#
                + #"{"op":"add","path":"/~0","value":4}]"#)
        try Self.checkRoundTrip(source, target)
    }

    @Test("in a 10,000-element array one element changed, inserted or removed is one operation")
    func longArrays() throws {
        let base = JSONValue.array((0..<10_000).map { ["id": .number(.init($0)), "v": "x"] })
        guard case .array(let elements) = base else { return }
        var changed = elements
        changed[6_543]["v"] = "y"
        #expect(Self.diff(base, .array(changed)) == #"[{"op":"replace","path":"/6543/v","value":"y"}]"#)
        var inserted = elements
        inserted.insert(["new": true], at: 4_321)
        #expect(Self.diff(base, .array(inserted)) == #"[{"op":"add","path":"/4321","value":{"new":true}}]"#)
        var removed = elements
        removed.remove(at: 9_999)
        #expect(Self.diff(base, .array(removed)) == #"[{"op":"remove","path":"/9999"}]"#)
        removed.remove(at: 0)
        #expect(Self.diff(.array(removed), base) == #"[{"op":"add","path":"/0","value":{"id":0,"v":"x"}},"#
            + #"{"op":"add","path":"/9999","value":{"id":9999,"v":"x"}}]"#)
        let numbers = JSONValue.array((0..<10_000).map { .number(.init($0)) })
        var replaced = numbers
        replaced[5_000] = "five thousand"
        #expect(Self.diff(numbers, replaced) == #"[{"op":"replace","path":"/5000","value":"five thousand"}]"#)
    }

    @Test("an insertion stays one operation when other elements changed too, beside it or not")
    func insertionAmongChanges() throws {
        let elements: [JSONValue] = (0..<300).map { ["id": .number(.init($0)), "name": .string("n\($0)"), "tags": ["a"]] }
        for insertAt in [0, 99, 100, 101, 150, 299, 300] {
            var target = elements
            var expected: [String] = []
            for index in stride(from: 0, to: 300, by: 3) {
                target[index]["name"] = "changed"
            }
            var copy = elements[1]
            copy["id"] = -1
            target.insert(copy, at: insertAt)
            for (position, element) in target.enumerated() where element["name"] == "changed" {
                expected.append(#"{"op":"replace","path":"/\#(position)/name","value":"changed"}"#)
            }
            let operations = JSONPatch(from: .array(elements), to: .array(target)).operations.arrayValue ?? []
            #expect(operations.count == 101, "inserted at \(insertAt)")
            let adds = operations.filter { $0["op"] == "add" }
            #expect(adds.map(\.description) == [#"{"op":"add","path":"/\#(insertAt)","value":\#(copy)}"#])
            let replaces = operations.filter { $0["op"] == "replace" }.map(\.description)
            #expect(Set(replaces) == Set(expected), "inserted at \(insertAt)")
            try Self.checkRoundTrip(.array(elements), .array(target), "inserted at \(insertAt)")
        }
    }

    @Test("arrays too different to align are paired by position, and the patch still applies")
    func unaligned() throws {
        let source = JSONValue.array((0..<3_000).map { .number(.init($0)) })
        let target = JSONValue.array((0..<3_500).map { .number(.init($0 % 2 == 0 ? $0 : -$0)) })
        try Self.checkRoundTrip(source, target)
        let disjoint = JSONValue.array((0..<2_000).map { .number(.init($0 + 10_000)) })
        let operations = JSONPatch(from: source, to: disjoint).operations.arrayValue ?? []
        #expect(operations.count == 3_000)
        #expect(operations.prefix(2_000).allSatisfy { $0["op"] == "replace" })
        #expect(operations.suffix(1_000).allSatisfy { $0["op"] == "remove" && $0["path"] == "/2000" })
        try Self.checkRoundTrip(source, disjoint)
        try Self.checkRoundTrip(disjoint, source)
    }

    @Test("moved, swapped and repeated elements: the patch applies both ways")
    func reorderings() throws {
        let cases: [(JSONValue, JSONValue)] = [
            ([1, 2, 3, 4, 5], [5, 1, 2, 3, 4]),
            ([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]),
            ([1, 1, 1, 2, 2], [2, 1, 2, 1, 1, 1]),
            ([[1], [1], [2]], [[2], [1]]),
            ([["a": 1], ["b": 2], ["c": 3]], [["c": 3], ["a": 1, "x": 0], ["b": 2]]),
            ([], [1, [2], ["3": 4]]),
            ([nil, nil], []),
        ]
        for (source, target) in cases {
            try Self.checkRoundTrip(source, target, "\(source) → \(target)")
            try Self.checkRoundTrip(target, source, "\(target) → \(source)")
        }
    }

    @Test("seeded random documents with awkward keys: the diff applies both ways, also through JSON text")
    func random() throws {
        for seed in 0..<400 {
            var random = SplitMix64(seed: UInt64(seed))
            let source = Editing.randomValue(depth: 4, &random)
            let target = Editing.randomlyEdited(source, &random)
            try Self.checkRoundTrip(source, target, "seed \(seed)")
            try Self.checkRoundTrip(target, source, "seed \(seed), reversed")
            let other = Editing.randomValue(depth: 4, &random)
            try Self.checkRoundTrip(source, other, "seed \(seed), unrelated")
        }
    }

    @Test("é in its two Unicode forms are two keys and two strings to the diff")
    func unicodeForms() throws {
        let source: JSONValue = ["\u{E9}": "\u{E9}"]
        let target: JSONValue = ["e\u{301}": "\u{E9}"]
        #expect(
            Self.diff(source, target)
                == "[{\"op\":\"remove\",\"path\":\"/\u{E9}\"},{\"op\":\"add\",\"path\":\"/e\u{301}\",\"value\":\"\u{E9}\"}]")
        try Self.checkRoundTrip(source, target)
        try Self.checkRoundTrip(["k": "\u{E9}"], ["k": "e\u{301}"])
    }

    @Test("values 10,000 levels deep are compared without recursion")
    func deep() throws {
        var source: JSONValue = ["leaf": 1]
        var target: JSONValue = ["leaf": 2]
        for level in 0..<10_000 {
            source = level % 2 == 0 ? [source] : ["a": source]
            target = level % 2 == 0 ? [target] : ["a": target]
        }
        let operations = JSONPatch(from: source, to: target).operations.arrayValue ?? []
        #expect(operations.count == 1)
        #expect(operations.first?["path"]?.stringValue == String(repeating: "/a/0", count: 5_000) + "/leaf")
        #expect(try source.applying(JSONPatch(from: source, to: target)) == target)
        #expect(JSONPatch(from: source, to: source).operations == [])
        Self.dismantle(&source)
        Self.dismantle(&target)
    }

    /// Releases a deep chain of one-element arrays and one-member objects one level at a time.
    static func dismantle(_ value: inout JSONValue) {
        while true {
            switch value {
            case .array(let array) where array.count == 1: value = array[0]
            case .object(let object) where object.count == 1 && object["a"] != nil: value = object[0].value
            default: return
            }
        }
    }
}
