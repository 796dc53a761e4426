import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Both engines list an object's members in document order: `keys`, `unknownKeys` and `JSONValue` objects. The
/// Foundation engine's dictionaries keep no order; it takes the order from a native scan of the same text.
/// (`DifferentialTests` compares the order on both engines for the JSONTestSuite files and the benchmark payloads.)
@Suite("Members in document order on both engines")
struct MemberOrderTests {
    static let engines: [JSONMapper.Engine] = [.native, .foundation]

    static let document = #"""
        {"zeta": 1, "alpha": {"y": 1, "x": 2, "w": [{"q": 1, "p": 2}]}, "mid": [{"d": 1, "c": 2}, {"b": 1}],
         "Beta": null, "\u00e9t\u00e9": true, "a\"b": "", "": 0}
        """#

    /// Every object of `value`, in preorder, as the list of its keys.
    static func keyLists(_ value: JSONValue) -> [[String]] {
        var lists: [[String]] = []
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .object(let object):
                lists.append(object.keys)
                pending += object.values.reversed()
            case .array(let array):
                pending += array.reversed()
            default:
                break
            }
        }
        return lists
    }

    @Test("keys, nested contexts and elements' contexts list members as written", arguments: engines)
    func keys(engine: JSONMapper.Engine) throws {
        let c = context(Self.document, engine: engine)
        #expect(c.valid)
        #expect(c.keys == ["zeta", "alpha", "mid", "Beta", "\u{E9}t\u{E9}", "a\"b", ""])
        #expect(c.context(for: "alpha")?.keys == ["y", "x", "w"])
        #expect(c.context(at: ["alpha", "w", 0])?.keys == ["q", "p"])
        #expect(c.context(at: ["mid", 0])?.keys == ["d", "c"])
        struct Keys: JSONSerializable {
            let keys: [String]
            init(_ c: JSONDeserializationContext) { keys = c.keys }
        }
        let elements = c.getArray("mid", ofClass: Keys.self)
        #expect(elements.map(\.keys) == [["d", "c"], ["b"]])
        let nested = c.getObject("alpha", ofClass: Keys.self)
        #expect(nested?.keys == ["y", "x", "w"])
    }

    @Test("JSONValue objects keep the document's order on both engines", arguments: engines)
    func values(engine: JSONMapper.Engine) throws {
        let c = context(Self.document, engine: engine)
        let value = try #require(c.getValue(at: []))
        #expect(
            value.description
                == #"{"zeta":1,"alpha":{"y":1,"x":2,"w":[{"q":1,"p":2}]},"mid":[{"d":1,"c":2},{"b":1}],"Beta":null,"#
                + #""été":true,"a\"b":"","":0}"#)
        #expect(Self.keyLists(try #require(c.getValue("alpha"))) == [["y", "x", "w"], ["q", "p"]])
        #expect(Self.keyLists(try #require(c.getValue(at: ["mid", 1]))) == [["b"]])
        let dictionary: [String: JSONValue] = c.getDictionary("alpha")
        #expect(dictionary["w"]?[0]?.objectValue?.keys == ["q", "p"])
    }

    /// Reads nothing: every member is unknown.
    struct ReadsNothing: JSONSerializable {
        init(_ c: JSONDeserializationContext) {}
    }

    @Test("unknownKeys come in document order on both engines", arguments: engines)
    func unknownKeys(engine: JSONMapper.Engine) {
        let options = JSONMapper.Options(reportsUnknownKeys: true)
        let c = JSONMapper.context(json(Self.document), engine: engine, options: options)
        _ = c.getObject("alpha", ofClass: ReadsNothing.self)
        #expect(
            c.unknownKeys == [
                "zeta", "mid", "Beta", "\u{E9}t\u{E9}", #"["a\"b"]"#, #"[""]"#, "alpha.y", "alpha.x", "alpha.w",
            ])
    }

    @Test("a repeated key comes once, at its first place, with its last value, on both engines", arguments: engines)
    func repeatedKeys(engine: JSONMapper.Engine) throws {
        let c = context(#"{"b": 1, "a": {"y": 1, "x": 2}, "b": 3, "a": {"x": 4, "y": 5}, "c": 6}"#, engine: engine)
        #expect(c.keys == ["b", "a", "c"])
        #expect(c.getValue(at: [])?.description == #"{"b":3,"a":{"x":4,"y":5},"c":6}"#)
        #expect(c.context(for: "a")?.keys == ["x", "y"])
        #expect(c.getInt(at: ["a", "y"]) == 5)
    }

    @Test("large objects and arrays: order and places through the tables, at and past their threshold")
    func largeContainers() throws {
        for count in [FoundationOrder.tableThreshold - 1, FoundationOrder.tableThreshold, 1_000] {
            // Keys in descending order, so that no sorted order can pass for the document's.
            let keys = (0..<count).map { "k" + String(format: "%05d", count - $0) }
            let members = keys.enumerated().map { #""\#($1)": {"n": \#($0), "z": [{"b": 1, "a": \#($0)}]}"# }
            let elements = (0..<count).map { #"{"v": \#($0), "u": [\#($0)]}"# }
            let text =
                #"{"object": {\#(members.joined(separator: ", "))}, "array": [\#(elements.joined(separator: ","))]}"#
            let native = context(text)
            let foundation = context(text, engine: .foundation)
            for c in [native, foundation] {
                let object = try #require(c.context(for: "object"))
                #expect(object.keys == keys)
                for (position, key) in keys.enumerated() where position % 7 == 0 || position == count - 1 {
                    #expect(object.context(for: key)?.keys == ["n", "z"])
                    #expect(object.context(at: [.key(key), "z", 0])?.keys == ["b", "a"])
                    #expect(object.getInt(at: [.key(key), "z", 0, "a"]) == position)
                    #expect(c.context(at: ["array", .index(position)])?.keys == ["v", "u"])
                    #expect(c.getInt(at: ["array", .index(position), "u", 0]) == position)
                }
                #expect(c.context(at: ["array", .index(count)]) == nil)
            }
            let values = try #require(native.getValue(at: []))
            #expect(Self.keyLists(try #require(foundation.getValue(at: []))) == Self.keyLists(values))
        }
    }

    @Test("keys that JSONSerialization holds as one come once, at the first spelling's place")
    func normalizationOnFoundation() {
        let c = context(#"{"\#(composed)": 1, "x": 0, "\#(decomposed)": 2, "o": {"\#(decomposed)": {"b": 1, "a": 2}}}"#,
            engine: .foundation)
        #expect(spelled(c.keys) == ["\\u{E9}", "x", "o"])
        #expect(c.getInt(composed) == 2)
        #expect(spelled(c.context(for: "o")?.keys ?? []) == ["e\\u{301}"])
        #expect(c.context(at: ["o", .key(decomposed)])?.keys == ["b", "a"])
        // Past the threshold, the places come from a table.
        let large = (0..<FoundationOrder.tableThreshold).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let many = context(
            #"{\#(large), "\#(decomposed)": {"z": 1}, "\#(composed)": {"y": 1, "x": 2}}"#, engine: .foundation)
        #expect(spelled(many.keys) == (0..<FoundationOrder.tableThreshold).map { "k\($0)" } + ["e\\u{301}"])
        #expect(many.context(for: decomposed)?.keys == ["y", "x"])
    }

    @Test("without a text to take it from, members come in their keys' scalar order")
    func scalarOrderWithoutText() {
        // JSONSerialization accepts trailing commas, which the native scanner does not: no order to read.
        let lenient = context(#"{"b": 1, "a": [{"y": 1, "x": 2,},], "\#(composed)": 2, "Z": 0,}"#, engine: .foundation)
        #expect(lenient.valid)
        #expect(lenient.keys == ["Z", "a", "b", "\u{E9}"])
        #expect(lenient.context(at: ["a", 0])?.keys == ["x", "y"])
        let tree = JSONMapper.context(
            jsonObject: ["b": 1, "a": ["y": 1, "x": 2], "Z": 0, decomposed: 3] as [String: Any])
        #expect(spelled(tree.keys) == ["Z", "a", "b", "e\\u{301}"])
        #expect(tree.context(for: "a")?.keys == ["x", "y"])
    }

    /// Reads every member of a large object's nested objects, their keys, and the unknown keys: each lookup costs
    /// the same however large the object, so ten times the members cost about ten times as much, not a hundred.
    @Test("the Foundation engine finds places in time linear in the object")
    func linearTime() throws {
        func seconds(members: Int) throws -> Double {
            let body = (0..<members).map { #""key\#($0)": {"a": [\#($0)], "b": {"c": \#($0)}}"# }
            let data = json("{" + body.joined(separator: ",") + "}")
            let options = JSONMapper.Options(reportsUnknownKeys: true)
            let start = DispatchTime.now().uptimeNanoseconds
            let c = JSONMapper.context(data, engine: .foundation, options: options)
            var total = 0
            for i in 0..<members {
                let member = try #require(c.context(for: "key\(i)"))
                total += member.keys.count + (member.context(for: "b")?.keys.count ?? 0)
                total += member.getInt(at: ["a", 0]) ?? 0
            }
            total += c.unknownKeys.count
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            #expect(total == 4 * members + members * (members - 1) / 2)
            return elapsed
        }
        // The best of three runs each, so that a busy machine does not decide.
        let small = try (0..<3).map { _ in try seconds(members: 2_000) }.min() ?? 0
        let large = try (0..<3).map { _ in try seconds(members: 20_000) }.min() ?? 0
        #expect(large / small < 40, "2,000 members: \(small) s; 20,000: \(large) s")
    }
}
