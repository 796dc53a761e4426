import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("Elements of a streamed array")
struct ElementStreamTests {
    static let document = """
        {"meta": {"count": 3, "tags": ["a", "b"]},
         "records": [
          {"id": 1, "name": "one"},
          {"id": 2, "name": 2},
          {"id": 3, "name": "three"}
         ],
         "after": [true, null]}
        """

    static func elements(_ text: String, at path: [JSONPathElement]) -> [JSONDeserializationContext] {
        Array(JSONMapper.elements(of: InputStream(data: json(text)), at: path))
    }

    @Test("each element maps from a context of its own, with its full path and only its own errors")
    func elementsAreDocuments() {
        let contexts = Self.elements(Self.document, at: ["records"])
        #expect(contexts.count == 3)
        let items = contexts.map(StreamedItem.init)
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(contexts.map(\.path) == ["records[0]", "records[1]", "records[2]"])
        #expect(contexts.allSatisfy { $0.valid })
        #expect(descriptions(contexts[0]) == [])
        #expect(descriptions(contexts[1]) == ["records[1].name: expected String, found Number 2"])
        #expect(contexts[1].hasFailed && !contexts[0].hasFailed && !contexts[2].hasFailed)
        #expect(descriptions(contexts[2]) == [])
    }

    @Test("a top-level array streams with paths [0], [1], and scalars are elements too")
    func topLevelArray() {
        let contexts = Self.elements(#"[{"id": 1, "name": "a"}, 7, "x", [1, 2], null]"#, at: [])
        #expect(contexts.map(\.path) == ["[0]", "[1]", "[2]", "[3]", "[4]"])
        #expect(StreamedItem(contexts[0]) == StreamedItem(context(#"{"id": 1, "name": "a"}"#)))
        #expect(contexts[1].get(Int.self, at: []) == 7)
        #expect(contexts[2].get(String.self, at: []) == "x")
        #expect(contexts[3].getArray(at: []) == [1, 2])
        #expect(contexts[4].node?.kind == .null)
        _ = StreamedItem(contexts[1])
        #expect(
            descriptions(contexts[1]) == [
                "[1]: expected Object, found Number 7", "[1].id: missing required Int",
                "[1].name: missing required String",
            ])
    }

    @Test("a path through an array index streams that element's array")
    func pathThroughIndex() {
        let text = #"{"pages": [{"items": [1]}, {"items": [2, 3]}, {"items": [4]}]}"#
        let contexts = Self.elements(text, at: ["pages", 1, "items"])
        #expect(contexts.map { $0.get(Int.self, at: []) } == [2, 3])
        #expect(contexts.map(\.path) == ["pages[1].items[0]", "pages[1].items[1]"])
    }

    @Test(
        "a missing path, or one that is not an array, gives one invalid context with a clear error",
        arguments: [
            (#"{"other": [1]}"#, ["records"], "records: missing required Array"),
            (#"{"records": {"a": 1}}"#, ["records"], "records: expected Array, found Object"),
            (#"{"records": null}"#, ["records"], "records: expected Array, found null"),
            (#"{"records": "x"}"#, ["records"], #"records: expected Array, found String "x""#),
            (#"{"records": 12.50}"#, ["records"], "records: expected Array, found Number 12.50"),
            (#"{"a": 1}"#, [], "expected Array, found Object"),
            ("[1]", ["records"], "expected Object, found Array"),
            (#"{"data": [1]}"#, ["data", "items"], "data: expected Object, found Array"),
            (#"{"data": [[1]]}"#, ["data", 3], "data[3]: missing required Array"),
            (#"{"data": {"x": []}}"#, ["data", "items"], "data.items: missing required Array"),
        ] as [(String, [JSONPathElement], String)])
    func missingOrNotAnArray(text: String, path: [JSONPathElement], message: String) {
        let contexts = Self.elements(text, at: path)
        #expect(contexts.count == 1)
        #expect(contexts.first?.valid == false)
        #expect(contexts.first.map(descriptions) == [message])
        #expect(contexts.first?.errors.first?.code == (message.contains("missing") ? .missingValue : .typeMismatch))
    }

    @Test("a syntax error after a missing path is the error reported: the whole input is validated")
    func syntaxErrorBeatsMissingPath() {
        let contexts = Self.elements(#"{"other": [], "x": tru}"#, at: ["records"])
        #expect(contexts.map(descriptions) == [["x: line 1, column 23: invalid literal: expected 'true', found '}'"]])
    }

    @Test("when the key is there twice, the first array is streamed")
    func duplicateKey() {
        let contexts = Self.elements(#"{"records": [1, 2], "records": {"a": [3]}}"#, at: ["records"])
        #expect(contexts.map { $0.get(Int.self, at: []) } == [1, 2])
        #expect(contexts.allSatisfy { $0.valid })
    }

    @Test(
        "a syntax error ends the sequence with its position in the whole input, after the elements before it",
        arguments: [
            (
                #"{"meta": {"a": 1,}, "records": [{"id": 1, "name": "a"}]}"#, 0,
                "meta: line 1, column 18: expected a key after ',', found '}' (trailing commas are not allowed)"
            ),
            (
                "{\"records\": [\n {\"id\": 1, \"name\": \"a\"},\n {\"id\": 2, \"name\": \"b\" \"x\": 1}]}", 1,
                "records[1]: line 3, column 24: expected ',' or '}' after an object member, found '\"'"
            ),
            (
                "{\"records\": [\n {\"id\": 1, \"name\": \"a\"},\n {\"id\": 2, \"name\": \"b\"}],\n \"z\": [1 2]}", 2,
                "z: line 4, column 10: expected ',' or ']' after an array element, found '2'"
            ),
            (
                #"{"records": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]} x"#, 2,
                "line 1, column 63: expected end of input after the top-level value, found 'x'"
            ),
            (
                #"{"records": [{"id": 1, "name": "a"}, {"id": 2, "name": "\u12"}]}"#, 1,
                #"records[1].name: line 1, column 61: invalid \u escape: expected 4 hex digits, found '"'"#
            ),
            (
                #"{"records": [{"id": 1, "name": "a"},"#, 1,
                "records[1]: line 1, column 37: expected a value after ',', found end of input"
            ),
        ])
    func syntaxErrors(text: String, delivered: Int, message: String) {
        let contexts = Self.elements(text, at: ["records"])
        #expect(contexts.count == delivered + 1)
        #expect(contexts.dropLast().allSatisfy { $0.valid && StreamedItem($0).id > 0 && $0.errors.isEmpty })
        #expect(contexts.last.map(descriptions) == [message])
        // The same error as the whole document gives in memory.
        #expect(contexts.last?.errors.first == JSONMapper.context(json(text)).errors.first)
    }

    @Test("a syntax error after a million good elements names the millionth element and its column")
    func errorAfterAMillionElements() {
        let count = 1_000_000
        var bytes = [UInt8]()
        bytes.reserveCapacity(2 * count + 16)
        bytes += Array(#"{"r":["#.utf8)
        for _ in 0..<count { bytes += [UInt8(ascii: "0"), UInt8(ascii: ",")] }
        bytes += Array("00]}".utf8)
        var valid = 0
        var last: JSONDeserializationContext?
        for element in JSONMapper.elements(of: InputStream(data: Data(bytes)), at: ["r"]) {
            if element.valid { valid += 1 }
            last = element
        }
        #expect(valid == count)
        #expect(
            last.map(descriptions) == [
                "r[1000000]: line 1, column 2000008: invalid number: leading zeros are not allowed"
            ])
    }

    @Test("options apply to every element: dates, coercion and unknown keys, each element reporting its own")
    func options() throws {
        var options = JSONMapper.Options(coercion: .lenient, reportsUnknownKeys: true)
        options.dateStrategy = .secondsSince1970
        let text = #"[{"id": "7", "when": 60, "extra": 1}, {"id": 8, "when": 120}]"#
        let contexts = Array(JSONMapper.elements(of: InputStream(data: json(text)), options: options))
        #expect(contexts.map { $0.getInt("id") } == [7, 8])
        #expect(
            contexts.map { $0.getDate("when") } == [Date(timeIntervalSince1970: 60), Date(timeIntervalSince1970: 120)])
        #expect(contexts[0].unknownKeys == ["[0].extra"])
        #expect(contexts[1].unknownKeys == [])
        #expect(contexts[0].notices.count == 1 && contexts[1].notices.isEmpty)
    }

    @Test("the depth limit counts from the top of the whole input")
    func depthLimit() {
        let options = JSONMapper.Options(maximumDepth: 3)
        for text in [#"{"r": [[1], [[2]]]}"#, #"{"r": [[1]], "s": [[[2]]]}"#, #"[[[[1]]]]"#] {
            let path: [JSONPathElement] = text.hasPrefix("[") ? [] : ["r"]
            let contexts = Array(JSONMapper.elements(of: InputStream(data: json(text)), at: path, options: options))
            let expected = JSONMapper.context(json(text), options: options).errors.first
            #expect(expected?.message == "nesting is deeper than the limit of 3 levels")
            #expect(contexts.last?.errors.first == expected, "\(text)")
        }
    }

    @Test("a byte-order mark at the start is skipped")
    func byteOrderMark() {
        let contexts = Array(JSONMapper.elements(of: InputStream(data: Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)))))
        #expect(contexts.map { $0.get(Int.self, at: []) } == [1])
    }

    @Test("a stream that fails gives the elements read before, then the stream's error")
    func failingStream() {
        let text = #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}]"#
        let stream = ScriptedInputStream(Array(text.utf8), reads: .of(5), failing: .after(40))
        let contexts = Array(JSONMapper.elements(of: stream))
        #expect(contexts.count == 2)
        #expect(contexts.first.map(StreamedItem.init)?.name == "a")
        #expect(
            contexts.last.map(descriptions) == [
                "line 1, column 41: the stream failed after 40 bytes: it reported an error"
            ])
        #expect(stream.closeCount == 1)
    }

    @Test("a sequence over a stream iterates once, then says so; a sequence over a file reads it again")
    func secondIteration() throws {
        let stream = InputStream(data: json(#"[1, 2]"#))
        let sequence = JSONMapper.elements(of: stream)
        #expect(sequence.map { $0.get(Int.self, at: []) } == [1, 2])
        let again = Array(sequence)
        #expect(again.count == 1 && again.first?.valid == false)
        #expect(
            again.first?.errors.first?.message
                == "the stream was already read by an earlier iteration: a sequence made from an InputStream can be "
                + "iterated once (make a new stream, or use contentsOf: to read a file again)")

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID()).json")
        try json(Self.document).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = JSONMapper.elements(contentsOf: url, at: ["records"])
        #expect(file.map { StreamedItem($0).id } == [1, 2, 3])
        #expect(file.map { StreamedItem($0).id } == [1, 2, 3])
        let missingURL = url.appendingPathExtension("missing")
        let missing = Array(JSONMapper.elements(contentsOf: missingURL))
        #expect(missing.count == 1 && missing.first?.valid == false)
        #expect(missing.first?.errors.first?.message == "cannot read \(missingURL.path): no such file")
    }

    @Test("contexts outlive the iteration and map from many threads at once")
    func threads() {
        let count = 3_000
        let text = "[" + (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",\n") + "]"
        let contexts = Array(JSONMapper.elements(of: InputStream(data: json(text))))
        #expect(contexts.count == count)
        let wrong = SharedList<Int>()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let item = StreamedItem(contexts[index])
            // Read twice, and record a mismatch in this element only.
            let again = StreamedItem(contexts[index])
            _ = contexts[index].getBool("id")
            if !(item == again && item.id == index && item.name == "n\(index)") { wrong.append(index) }
        }
        #expect(wrong.values == [])
        #expect(contexts.allSatisfy { $0.errors.map(\.path) == [$0.path + ".id"] })
    }
}
