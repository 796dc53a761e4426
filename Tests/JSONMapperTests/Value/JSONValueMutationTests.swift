import Foundation
import Testing

@testable import JSONMapper

@Suite("JSONValue: editing through subscripts")
struct JSONValueMutationTests {
    @Test("setting a key replaces in place, appends a new one, stores .null, and nil removes keeping the order")
    func keys() throws {
        var doc = try JSONValue(parsing: #"{"b": 1, "a": 2, "c": 3}"#)
        doc["a"] = "two"
        #expect(doc.description == #"{"b":1,"a":"two","c":3}"#)
        doc["d"] = [true]
        #expect(doc.description == #"{"b":1,"a":"two","c":3,"d":[true]}"#)
        doc["b"] = .null
        #expect(doc.description == #"{"b":null,"a":"two","c":3,"d":[true]}"#)
        #expect(doc["b"] == .null)
        doc["a"] = nil
        #expect(doc.description == #"{"b":null,"c":3,"d":[true]}"#)
        doc["missing"] = nil
        #expect(doc.description == #"{"b":null,"c":3,"d":[true]}"#)
    }

    @Test("keys compare by Unicode scalars: é as one scalar and as e + U+0301 are two members")
    func scalarKeys() {
        var doc: JSONValue = ["\u{E9}": 1]
        doc["e\u{301}"] = 2
        #expect(doc.objectValue?.keys == ["\u{E9}", "e\u{301}"])
        doc["\u{E9}"] = nil
        #expect(doc.objectValue?.keys == ["e\u{301}"])
        #expect(doc["e\u{301}"] == 2)
        #expect(doc["\u{E9}"] == nil)
    }

    @Test("removing from a large object keeps the order and every other key findable")
    func largeObjectRemoval() {
        var object = JSONValue.Object()
        for index in 0..<40 { object["k\(index)"] = .number(.init(index)) }
        var doc = JSONValue.object(object)
        for index in stride(from: 0, to: 40, by: 3) { doc["k\(index)"] = nil }
        let kept = (0..<40).filter { $0 % 3 != 0 }
        #expect(doc.objectValue?.keys == kept.map { "k\($0)" })
        for index in 0..<40 {
            #expect(doc["k\(index)"] == (index % 3 == 0 ? nil : .number(.init(index))), "k\(index)")
        }
        doc["k0"] = "back"
        #expect(doc.objectValue?.keys.last == "k0")
        #expect(doc.objectValue?.index(forKey: "k0") == kept.count)
        #expect(doc["k1"] == 1)
    }

    @Test("setting an index replaces, nil removes; out of range, negative or on a non-array nothing changes")
    func indices() {
        var doc: JSONValue = [10, 20, 30]
        doc[1] = "x"
        #expect(doc.description == #"[10,"x",30]"#)
        doc[0] = nil
        #expect(doc.description == #"["x",30]"#)
        doc[2] = 1
        doc[-1] = 1
        doc[Int.max] = nil
        doc[Int.min] = 1
        #expect(doc.description == #"["x",30]"#)
        doc[1] = .null
        #expect(doc.description == #"["x",null]"#)

        var object: JSONValue = ["a": 1]
        object[0] = 5
        object[0] = nil
        #expect(object.description == #"{"a":1}"#)
        var scalar: JSONValue = "text"
        scalar["a"] = 1
        scalar[0] = 1
        scalar["a"] = nil
        #expect(scalar == "text")
        var array: JSONValue = [1]
        array["a"] = 2
        array["a"] = nil
        #expect(array == [1])
        var null = JSONValue.null
        null["a"] = 1
        #expect(null == .null)
    }

    @Test("chains change nested values in place and stop without a trap where a level is missing")
    func chains() throws {
        var doc = try JSONValue(parsing: #"{"a": [{"b": 1}, 2], "s": "x"}"#)
        doc["a"]?[0]?["b"] = 5
        doc["a"]?[0]?["c"] = [nil]
        doc["a"]?[1] = ["n": 2]
        #expect(doc.description == #"{"a":[{"b":5,"c":[null]},{"n":2}],"s":"x"}"#)
        let before = doc
        doc["a"]?[5]?["b"] = 1
        doc["a"]?[-1]?["b"] = 1
        doc["missing"]?["b"] = 1
        doc["missing"]?[0] = 1
        doc["s"]?["b"] = 1
        doc["s"]?[0] = 1
        doc["a"]?["b"]?[0] = 1
        doc["a"]?[0]?["b"]?["deeper"] = 1
        #expect(doc == before)
        #expect(doc.description == before.description)
        doc["a"]?[0]?["c"]?[0] = nil
        doc["a"]?[0]?["b"] = nil
        #expect(doc.description == #"{"a":[{"c":[]},{"n":2}],"s":"x"}"#)
    }

    @Test("a copy taken before an edit keeps its value")
    func valueSemantics() {
        var doc: JSONValue = ["items": [["n": 1], ["n": 2]]]
        let copy = doc
        doc["items"]?[1]?["n"] = 3
        doc["items"]?[0] = nil
        #expect(copy.description == #"{"items":[{"n":1},{"n":2}]}"#)
        #expect(doc.description == #"{"items":[{"n":3}]}"#)
    }

    @Test("an edit that throws while a member or element is out for change leaves it in its place")
    func throwingEdits() {
        var doc: JSONValue = ["a": [1, ["b": 2]], "z": 0]
        #expect(throws: Stop.self) { try doc["a"].fail() }
        #expect(throws: Stop.self) { try doc["a"]?[1].fail() }
        #expect(throws: Stop.self) { try doc["a"]?[1]?["b"].fail() }
        #expect(doc.description == #"{"a":[1,{"b":2}],"z":0}"#)
        #expect(throws: Stop.self) { try doc["a"]?[1]?["b"].fail(after: "changed") }
        #expect(doc.description == #"{"a":[1,{"b":"changed"}],"z":0}"#)
        #expect(throws: Stop.self) { try doc["a"]?[0].fail(after: .some(nil)) }
        #expect(doc.description == #"{"a":[{"b":"changed"}],"z":0}"#)
    }

    @Test("JSONValue.Object's subscript edits members in place too")
    func objectSubscript() {
        var object: JSONValue.Object = ["b": 1, "a": ["x": 1]]
        object["a"]?["y"] = 2
        object["c"] = nil
        object["b"] = nil
        #expect(JSONValue.object(object).description == #"{"a":{"x":1,"y":2}}"#)
        var empty = JSONValue.Object()
        empty["k"]?["x"] = 1
        #expect(empty.isEmpty)
    }

    @Test("an edit deep inside changes the array in place: its buffer stays where it was")
    func inPlace() throws {
        var doc: JSONValue = ["items": .array((0..<1000).map { ["id": .number(.init($0))] })]
        func address(_ value: JSONValue) -> UnsafeRawPointer? {
            value["items"]?.arrayValue?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let before = try #require(address(doc))
        // Checked after each edit: a copy frees the old buffer, which the next copy could reuse.
        doc["items"]?[500]?["seen"] = true
        #expect(address(doc) == before)
        doc["items"]?[3] = nil
        #expect(address(doc) == before)
        doc["items"]?[4]?["id"] = nil
        #expect(address(doc) == before)
        #expect(doc["items"]?[499]?["seen"] == true)
        #expect(doc["items"]?.arrayValue?.count == 999)
    }

    /// `doc["items"]?[i]?["seen"] = true` over every item: copying the array on each edit would make eight times
    /// the items cost sixty-four times as much; changing it in place, eight times.
    @Test("marking every item of a large array takes time linear in the items")
    func linearEdits() {
        func seconds(items: Int) -> Double {
            let template: JSONValue = ["items": .array((0..<items).map { ["id": .number(.init($0)), "tags": ["a"]] })]
            var checked = 0
            let time = Editing.bestSeconds {
                var doc = template
                for index in 0..<items { doc["items"]?[index]?["seen"] = true }
                checked = doc["items"]?.arrayValue?.filter { $0["seen"] == true }.count ?? 0
            }
            #expect(checked == items)
            return time
        }
        let small = seconds(items: 2_500)
        let large = seconds(items: 20_000)
        #expect(large / small < 24, "2,500 items: \(small) s; 20,000 items: \(large) s")
    }
}

struct Stop: Error {}

extension Optional where Wrapped == JSONValue {
    /// Throws while the value is out for change, after setting it to `value` when one is given.
    mutating func fail(after value: JSONValue?? = .none) throws {
        if let value { self = value }
        throw Stop()
    }
}
