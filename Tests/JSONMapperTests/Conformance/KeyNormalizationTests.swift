import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Keys that differ only in normalization are different keys everywhere: each place that stores, compares or hashes
/// keys is tested with both spellings present and with only one.
@Suite("Keys compared by Unicode scalars")
struct KeyNormalizationTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]
    /// Both spellings, composed first.
    static let both = #"{"\#(composed)": 1, "\#(decomposed)": 2, "o": {"\#(composed)": 3, "\#(decomposed)": 4}}"#
    /// Only the decomposed spelling.
    static let onlyDecomposed = #"{"\#(decomposed)": 2, "o": {"\#(decomposed)": 4}}"#

    @Test("the helper itself tells the spellings apart, and Swift does not")
    func helper() {
        #expect(composed == decomposed)
        #expect(spelled(composed) == #"\u{E9}"#)
        #expect(spelled(decomposed) == #"e\u{301}"#)
        #expect(!ExactKey.equal(composed, decomposed))
        #expect(ExactKey.equal(decomposed, "e" + "\u{301}"))
        #expect(Set([ExactKey(composed), ExactKey(decomposed), ExactKey("e\u{301}")]).count == 2)
        // A bridged string has no contiguous UTF-8: compared and hashed all the same.
        let bridged = String(NSString(string: decomposed))
        #expect(ExactKey.equal(bridged, decomposed) && !ExactKey.equal(bridged, composed))
        #expect(Set([ExactKey(bridged), ExactKey(decomposed)]).count == 1)
    }

    // MARK: Getters

    @Test("with only one spelling in the document, the other finds nothing, on both engines", arguments: engines)
    func onlyOneSpelling(engine: JSONMapper.Engine) {
        let c = context(Self.onlyDecomposed, engine: engine)
        #expect(c.getInt(decomposed) == 2)
        #expect(c.getInt(composed) == nil)
        #expect(c.presence(of: composed) == .missing)
        #expect(!c.contains(composed))
        #expect(c.getValue(composed) == nil)
        #expect(c.getInt(at: ["o", .key(decomposed)]) == 4)
        #expect(c.getInt(at: ["o", .key(composed)]) == nil)
        #expect(c.getInt(at: [.key(composed)]) == nil)
        #expect(c.context(for: "o")?.getInt(composed) == nil)
        #expect(c.errors == [])
        #expect(spelled(c.keys) == ["e\\u{301}", "o"])
    }

    @Test("with both spellings, each finds its own member on the native engine")
    func bothSpellingsNative() {
        let c = context(Self.both)
        #expect(c.getInt(composed) == 1)
        #expect(c.getInt(decomposed) == 2)
        #expect(c.getInt(at: ["o", .key(composed)]) == 3)
        #expect(c.getInt(at: ["o", .key(decomposed)]) == 4)
        #expect(c.context(for: "o")?.getInt(decomposed) == 4)
        #expect(spelled(c.keys) == ["\\u{E9}", "e\\u{301}", "o"])
        #expect(spelled(c.context(for: "o")?.keys ?? []) == ["\\u{E9}", "e\\u{301}"])
    }

    /// On Linux, `JSONSerialization` stores an object in a `[String: Any]`, whose keys are equal by canonical
    /// equivalence: a later spelling updates the earlier one, which keeps its key and takes the later value.
    /// Nothing after it can tell the two members apart again; the README documents this.
    @Test("with both spellings, the Foundation engine sees the one member JSONSerialization leaves")
    func bothSpellingsFoundation() throws {
        let tree = try #require(
            try JSONSerialization.jsonObject(with: json(Self.both), options: []) as? [String: Any])
        #expect(tree.count == 2)
        #expect(spelled(tree.keys.sorted()) == ["o", "\\u{E9}"])

        let c = context(Self.both, engine: .foundation)
        #expect(c.getInt(composed) == 2)
        #expect(c.getInt(decomposed) == nil)
        #expect(spelled(c.keys) == ["\\u{E9}", "o"])
        #expect(c.getInt(at: ["o", .key(composed)]) == 4)
        #expect(c.getInt(at: ["o", .key(decomposed)]) == nil)
        let reversed = context(#"{"\#(decomposed)": 2, "\#(composed)": 1}"#, engine: .foundation)
        #expect(spelled(reversed.keys) == ["e\\u{301}"])
        #expect(reversed.getInt(decomposed) == 1)
        #expect(reversed.getInt(composed) == nil)
    }

    /// The native engine's other ways to a member: escaped keys (compared decoded), objects with repeated keys
    /// (past 16 members, through a table), and lookups from another thread than the context's (a shared table).
    @Test("escaped keys, repeated keys and large objects: each spelling finds its own member")
    func nativeLookupPaths() {
        let escaped = context(#"{"\u00e9": 1, "e\u0301": 2}"#)
        #expect(escaped.getInt(composed) == 1)
        #expect(escaped.getInt(decomposed) == 2)
        #expect(spelled(escaped.keys) == ["\\u{E9}", "e\\u{301}"])
        let onlyEscaped = context(#"{"e\u0301": 2}"#)
        #expect(onlyEscaped.getInt(composed) == nil)

        let filler = (0..<20).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let large = context(#"{\#(filler), "\#(decomposed)": 2, "k0": -1, "\u00e9": 1, "\#(decomposed)": 3}"#)
        #expect(large.getInt(composed) == 1)
        #expect(large.getInt(decomposed) == 3)
        #expect(large.getInt("k0") == -1)
        let onlyLarge = context(#"{\#(filler), "k0": -1, "\#(decomposed)": 3}"#)
        #expect(onlyLarge.getInt(composed) == nil)
        #expect(onlyLarge.getInt(decomposed) == 3)
        // A thread of its own, not the one that made the contexts: the shared table.
        let shared = onAnotherThread {
            [large.getInt(composed), large.getInt(decomposed), onlyLarge.getInt(composed)]
        }
        #expect(shared == [1, 3, nil])
    }

    @Test("a tree from another library is read by scalars too")
    func foreignTree() {
        let c = JSONMapper.context(jsonObject: [decomposed: 2, "o": [decomposed: 4]] as [String: Any])
        #expect(c.getInt(decomposed) == 2)
        #expect(c.getInt(composed) == nil)
        #expect(c.getInt(at: ["o", .key(composed)]) == nil)
        #expect(c.getInt(at: ["o", .key(decomposed)]) == 4)
    }

    // MARK: Unknown keys

    /// Reads the composed key only.
    struct ReadsComposed: JSONSerializable {
        let value: Int?
        init(_ c: JSONDeserializationContext) { value = c.getInt(composed) }
    }

    @Test("asking for one spelling does not read the other: it stays unknown, on both engines", arguments: engines)
    func unknownKeys(engine: JSONMapper.Engine) {
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let only = JSONMapper.context(json(#"{"\#(decomposed)": 2}"#), engine: engine, options: options)
        #expect(ReadsComposed(only).value == nil)
        #expect(spelled(only.unknownKeys) == ["e\\u{301}"])

        let one = JSONMapper.context(json(#"{"\#(composed)": 1}"#), engine: engine, options: options)
        #expect(ReadsComposed(one).value == 1)
        #expect(one.unknownKeys == [])

        let nested = JSONMapper.context(json(#"{"o": {"\#(decomposed)": 2}}"#), engine: engine, options: options)
        #expect(nested.getObject("o", ofClass: ReadsComposed.self)?.value == nil)
        #expect(spelled(nested.unknownKeys) == ["o.e\\u{301}"])
    }

    @Test("with both spellings, the one not read is reported (native engine)")
    func unknownKeysBothSpellings() {
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let c = JSONMapper.context(json(#"{"\#(composed)": 1, "\#(decomposed)": 2}"#), options: options)
        #expect(ReadsComposed(c).value == 1)
        #expect(spelled(c.unknownKeys) == ["e\\u{301}"])
    }

    // MARK: Streaming

    @Test("elements(of:at:) follows the key with the scalars asked for")
    func streamedPath() {
        func streamed(_ text: String, _ path: [JSONPathElement]) -> [String] {
            JSONMapper.elements(of: InputStream(data: json(text)), at: path).map { element in
                element.valid ? "\(element.get(Int.self, at: []) ?? -1)" : spelled(descriptions(element).joined())
            }
        }
        let both = #"{"\#(composed)": [1], "\#(decomposed)": [2, 3]}"#
        #expect(streamed(both, [.key(decomposed)]) == ["2", "3"])
        #expect(streamed(both, [.key(composed)]) == ["1"])
        let reversed = #"{"\#(decomposed)": [2, 3], "\#(composed)": [1]}"#
        #expect(streamed(reversed, [.key(composed)]) == ["1"])
        let only = #"{"\#(decomposed)": [2, 3]}"#
        #expect(streamed(only, [.key(composed)]) == ["\\u{E9}: missing required Array"])
        #expect(streamed(only, [.key(decomposed)]) == ["2", "3"])
        let nested = #"{"o": {"\#(decomposed)": {"a": [5]}}}"#
        #expect(streamed(nested, ["o", .key(composed), "a"]) == ["o.\\u{E9}.a: missing required Array"])
        #expect(streamed(nested, ["o", .key(decomposed), "a"]) == ["5"])
    }

    // MARK: Dictionaries

    struct Box: JSONSerializable {
        let n: Int
        init(_ c: JSONDeserializationContext) { n = c.requireInt("n") }
    }

    /// A `[String: T]` cannot hold both spellings: the later member wins, its key as written and its value, as it
    /// does for a repeated key.
    @Test("getDictionary: the later of two spellings wins, with its own key")
    func dictionaries() throws {
        let forward = context(#"{"m": {"\#(composed)": 1, "\#(decomposed)": 2}}"#)
        let values: [String: Int] = forward.getDictionary("m")
        #expect(values.count == 1)
        #expect(spelled(Array(values.keys)) == ["e\\u{301}"])
        #expect(values[decomposed] == 2)
        let backward = context(#"{"m": {"\#(decomposed)": 2, "\#(composed)": 1}}"#)
        let other: [String: Int] = backward.getDictionary(at: ["m"])
        #expect(spelled(Array(other.keys)) == ["\\u{E9}"])
        #expect(other[composed] == 1)

        let models = context(#"{"m": {"\#(composed)": {"n": 1}, "\#(decomposed)": {"n": 2}}}"#)
        let boxes = models.getDictionary("m", ofClass: Box.self)
        #expect(spelled(Array(boxes.keys)) == ["e\\u{301}"])
        #expect(boxes[decomposed]?.n == 2)
        let required = models.requireDictionary(at: ["m"], ofClass: Box.self)
        #expect(spelled(Array(required.keys)) == ["e\\u{301}"])
        #expect(required[decomposed]?.n == 2)
        #expect(models.errors == [])

        // A member that does not map leaves the earlier one, as for a repeated key.
        let dropped = context(#"{"m": {"\#(composed)": 1, "\#(decomposed)": "x"}}"#)
        let kept: [String: Int] = dropped.getDictionary("m")
        #expect(spelled(Array(kept.keys)) == ["\\u{E9}"])
        #expect(spelled(descriptions(dropped)) == [
            #"m.e\u{301}: expected Int, found String "x""#, #"m.e\u{301}: dropped from [String: Int]"#,
        ])

        let single = context(#"{"m": {"\#(decomposed)": 2}}"#, engine: .foundation)
        let one: [String: Int] = single.getDictionary("m")
        #expect(spelled(Array(one.keys)) == ["e\\u{301}"])
    }

    // MARK: JSONValue and paths

    @Test("JSONValue objects keep both spellings, and compare and hash them apart")
    func jsonValues() throws {
        let value = try JSONValue(parsing: Self.both)
        #expect(value.objectValue?.count == 3)
        #expect(value[composed] == 1)
        #expect(value[decomposed] == 2)
        #expect(spelled(value["o"]?.objectValue?.keys ?? []) == ["\\u{E9}", "e\\u{301}"])
        let only = try JSONValue(parsing: Self.onlyDecomposed)
        #expect(only[composed] == nil)
        #expect(only["o"]?[composed] == nil)
        #expect(only["o"]?[decomposed] == 4)

        let a: JSONValue = [composed: 1]
        let b: JSONValue = [decomposed: 1]
        #expect(a != b)
        #expect(Set([a, b]).count == 2)
        #expect(JSONValue.string(composed) != JSONValue.string(decomposed))
        #expect(context(Self.both).getValue(at: [])?.objectValue?.count == 3)
        #expect(context(Self.both, engine: .foundation).getValue(at: [])?.objectValue?.count == 2)
    }

    @Test("path elements compare and hash keys by scalars")
    func pathElements() {
        let nfc = JSONPathElement.key(composed)
        let nfd = JSONPathElement.key(decomposed)
        #expect(nfc != nfd)
        #expect(nfd == JSONPathElement.key("e" + "\u{301}"))
        #expect(Set<JSONPathElement>([nfc, nfd, 1, "\u{E9}"]).count == 3)
        #expect(PathComponent.key(composed) != PathComponent.key(decomposed))
    }

    // MARK: Writing

    @Test("the writer keeps both spellings, and finds each set again by its own scalars", arguments: [0, 100])
    func writing(before: Int) throws {
        let model = Writes { c in
            for i in 0..<before { c.set("k\(i)", i) }
            c.set(composed, 1)
            c.set(decomposed, 2)
            c.set(composed, 3)
            c.set(decomposed, nil as Int?)
        }
        let text = try JSONMapper.string(from: model)
        let prefix = (0..<before).map { #""k\#($0)":\#($0),"# }.joined()
        #expect(spelled(text) == #"{"# + prefix + #""\u{E9}":3}"#)
        let both = Writes { c in
            for i in 0..<before { c.set("k\(i)", i) }
            c.set(decomposed, 2)
            c.set(composed, 1)
        }
        #expect(spelled(try JSONMapper.string(from: both)) == #"{"# + prefix + #""e\u{301}":2,"\u{E9}":1}"#)
        let sorted = try JSONMapper.string(from: both, options: JSONMapper.WriteOptions(sortedKeys: true))
        #expect(spelled(sorted).hasPrefix(#"{"e\u{301}":2,"#))
        #expect(spelled(sorted).hasSuffix(#","\u{E9}":1}"#))
        let only = Writes { c in
            for i in 0..<before { c.set("k\(i)", i) }
            c.set(composed, 1)
            c.set(decomposed, nil as Int?)
        }
        #expect(spelled(try JSONMapper.string(from: only)) == #"{"# + prefix + #""\u{E9}":1}"#)
        let object: JSONValue = [composed: 1, decomposed: 2]
        #expect(spelled(try JSONMapper.string(from: object)) == #"{"\u{E9}":1,"e\u{301}":2}"#)
    }
}
