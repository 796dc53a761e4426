import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("JSONValue")
struct JSONValueTests {
    @Test("parsing keeps numbers' text and members' order; description is compact JSON")
    func parsing() throws {
        let text = #"{ "z": 12345678901234567890123, "a": [0.1, 1e400, -0, 2.50E+3], "m": {"k": null, "t": true} }"#
        let value = try JSONValue(parsing: Data(text.utf8))
        #expect(
            value.description == #"{"z":12345678901234567890123,"a":[0.1,1e400,-0,2.50E+3],"m":{"k":null,"t":true}}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value["a"]?[1]?.numberValue?.text == "1e400")
        #expect(value["a"]?[1]?.doubleValue == nil)
        #expect(value["a"]?[3]?.intValue == 2500)
        #expect(value["m"]?["k"]?.isNull == true)
        #expect(value["m"]?["missing"] == nil)
        #expect(value["a"]?[4] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value[0] == nil)
        #expect(value["z"]?["x"] == nil)
    }

    @Test("a duplicate key keeps its first position and its last value, as getters read it")
    func duplicateKeys() throws {
        let value = try JSONValue(parsing: Data(#"{"a":1,"b":2,"a":3}"#.utf8))
        #expect(value.description == #"{"a":3,"b":2}"#)
        #expect(JSONMapper.context(Data(#"{"a":1,"b":2,"a":3}"#.utf8)).getInt("a") == 3)
    }

    @Test("malformed text throws the parser's error, word for word")
    func errors() {
        let error = #expect(throws: JSONMappingError.self) {
            try JSONValue(parsing: Data("{\n  \"a\": [1,]\n}".utf8))
        }
        #expect(error?.code == .malformedJSON)
        #expect(error?.line == 2)
        #expect(
            error?.description
                == "a[1]: line 2, column 11: expected a value after ',', found ']' (trailing commas are not allowed)")
        let deep = #expect(throws: JSONMappingError.self) {
            try JSONValue(parsing: Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        }
        #expect(deep?.code == .malformedJSON)
        let allowed = try? JSONValue(
            parsing: Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8),
            options: JSONMapper.Options(maximumDepth: 1000))
        #expect(allowed?.description.count == 1200)
    }

    @Test("parsing a String: its text, non-ASCII kept scalar for scalar, and the Data form's errors word for word")
    func parsingString() throws {
        let text = "{\"name\": \"Zoë\", \"city\": \"東京\", \"e\u{301}\": \"😀\", \"n\": [1.50, null]}"
        let value = try JSONValue(parsing: text)
        #expect(value.description == #"{"name":"Zoë","city":"東京","e\#u{301}":"😀","n":[1.50,null]}"#)
        #expect(value["name"]?.stringValue == "Zo\u{EB}")
        #expect(value["city"]?.stringValue == "\u{6771}\u{4EAC}")
        #expect(value["e\u{301}"]?.stringValue == "\u{1F600}")
        #expect(value["\u{E9}"] == nil)
        #expect(value["n"]?[0]?.numberValue?.text == "1.50")
        #expect(value == (try JSONValue(parsing: Data(text.utf8))))

        let malformed = "{\n  \"ü\": [1,]\n}"
        let error = #expect(throws: JSONMappingError.self) { try JSONValue(parsing: malformed) }
        let dataError = #expect(throws: JSONMappingError.self) { try JSONValue(parsing: Data(malformed.utf8)) }
        #expect(error == dataError)
        #expect(error?.code == .malformedJSON)
        #expect(error?.line == 2)
        #expect(
            error?.description
                == "ü[1]: line 2, column 11: expected a value after ',', found ']' (trailing commas are not allowed)")
        let empty = #expect(throws: JSONMappingError.self) { try JSONValue(parsing: "") }
        #expect(empty == #expect(throws: JSONMappingError.self) { try JSONValue(parsing: Data()) })
        #expect(empty?.code == .malformedJSON)

        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let tooDeep = #expect(throws: JSONMappingError.self) { try JSONValue(parsing: deep) }
        #expect(tooDeep?.description.hasSuffix("nesting is deeper than the limit of 512 levels") == true)
        let allowed = try JSONValue(parsing: deep, options: JSONMapper.Options(maximumDepth: 600))
        #expect(allowed.description == deep)
    }

    @Test("accessors are strict: a bool is no number, a number no string")
    func accessors() {
        let value: JSONValue = ["s": "x", "b": true, "i": 42, "f": 2.5]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["s"]?.intValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["b"]?.intValue == nil)
        #expect(value["i"]?.intValue == 42)
        #expect(value["i"]?.int64Value == 42)
        #expect(value["i"]?.boolValue == nil)
        #expect(value["i"]?.stringValue == nil)
        #expect(value["f"]?.intValue == nil)
        #expect(value["f"]?.doubleValue == 2.5)
        #expect(value["f"]?.decimalValue == Decimal(string: "2.5"))
        #expect(JSONValue.number(JSONValue.Number(UInt64.max)).uint64Value == .max)
        #expect(JSONValue.number(JSONValue.Number(UInt64.max)).int64Value == nil)
        #expect(value.arrayValue == nil)
        #expect(JSONValue.array([1, 2]).arrayValue == [1, 2])
        #expect(value.isNull == false)
        #expect(JSONValue.null.isNull)
    }

    @Test("literals of every kind")
    func literals() {
        let value: JSONValue = ["a": 1, "b": [true, nil], "c": 0.1, "d": "text", "e": [:], "f": []]
        #expect(value.description == #"{"a":1,"b":[true,null],"c":0.1,"d":"text","e":{},"f":[]}"#)
        let number: JSONValue.Number = 3
        #expect(number.text == "3")
    }

    @Test(
        "numbers compare and hash by mathematical value",
        arguments: [
            ["1", "1.0", "1e0", "10e-1", "0.1e1", "1.000E+0", "100e-2"],
            ["0", "-0", "0.0", "-0e5", "0e-999999999999999999999"],
            ["12345678901234567890123", "1.2345678901234567890123e22", "123456789012345678901230e-1"],
            ["1e999999999", "10e999999998", "0.1e1000000000"],
            ["1e999999999999999999999", "10e999999999999999999998", "0.0001e1000000000000000000003"],
            ["-5e-999999999999999999999", "-50e-1000000000000000000000", "-0.5e-999999999999999999998"],
            ["1e100000000000000000", "10e99999999999999999", "0.1e100000000000000001"],
        ])
    func numberEquality(texts: [String]) throws {
        let numbers = texts.compactMap(JSONValue.Number.init(text:))
        #expect(numbers.count == texts.count)
        for a in numbers {
            for b in numbers {
                #expect(a == b, "\(a) == \(b)")
                #expect(a.hashValue == b.hashValue, "hash \(a) \(b)")
            }
        }
    }

    @Test("different numbers are different, however close their text")
    func numberInequality() {
        let texts = [
            "1", "-1", "2", "1.1", "10", "0.1", "1e1000000000000000000000", "1e1000000000000000000001",
            "-1e1000000000000000000000", "1e-1000000000000000000000", "1e99999999999999999", "1e100000000000000000",
            "12345678901234567890123", "12345678901234567890124", "0.000001",
        ]
        let numbers = texts.compactMap(JSONValue.Number.init(text:))
        #expect(numbers.count == texts.count)
        #expect(Set(numbers).count == texts.count)
        for (i, a) in numbers.enumerated() {
            for (j, b) in numbers.enumerated() where i != j {
                #expect(a != b, "\(a) != \(b)")
            }
        }
    }

    @Test(
        "only JSON's number grammar is a number",
        arguments: ["01", "1.", ".5", "+1", "1e", "-", "", "NaN", "0x10", "1 "])
    func numberGrammar(text: String) {
        #expect(JSONValue.Number(text: text) == nil)
    }

    @Test("objects compare by keys and values in any order; arrays by order")
    func structuralEquality() {
        let a: JSONValue = ["x": 1, "y": [1, 2, ["z": nil]]]
        let b: JSONValue = ["y": [1.0, 2e0, ["z": nil]], "x": 1.0]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ["x": 1, "y": [2, 1, ["z": nil]]])
        #expect(a != ["x": 1])
        #expect(a != ["x": 1, "q": [1, 2, ["z": nil]]])
        #expect(JSONValue.string("1") != 1)
        #expect(JSONValue.bool(true) != 1)
        #expect(JSONValue.string("e\u{301}") != JSONValue.string("\u{E9}"))
        #expect(Set<JSONValue>([a, b, 1, 1.0, "1"]).count == 3)
    }

    @Test("objects: order, replace in place, remove, many keys")
    func objects() {
        var object: JSONValue.Object = ["b": 1, "a": 2]
        object["c"] = true
        object["b"] = "new"
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == "new")
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        for i in 0..<50 { object["k\(i)"] = .number(JSONValue.Number(i)) }
        object["k10"] = nil
        #expect(object.count == 51)
        #expect(object["k49"] == 49)
        #expect(object["k10"] == nil)
        #expect(object.index(forKey: "k11") == 12)
        #expect(JSONValue.Object([("a", 1), ("a", 2)]).map(\.value) == [2])
    }

    @Test("deep values compare, hash and write without recursion")
    func deepValues() throws {
        let depth = 500
        let text = String(repeating: #"{"a":["#, count: depth) + "1" + String(repeating: "]}", count: depth)
        let value = try JSONValue(parsing: Data(text.utf8), options: JSONMapper.Options(maximumDepth: 1001))
        let other = try JSONValue(
            parsing: Data(text.replacingOccurrences(of: "1", with: "1.0").utf8),
            options: JSONMapper.Options(maximumDepth: 1001))
        #expect(value == other)
        #expect(value.hashValue == other.hashValue)
        #expect(value.description == text)
    }

    @Test("getValue and requireValue: nil when missing, .null for null, at paths too")
    func getters() {
        let c = JSONMapper.context(Data(#"{"meta": {"a": [1, "x"]}, "none": null, "list": [1, null, {"b": 2}]}"#.utf8))
        #expect(c.getValue("meta") == ["a": [1, "x"]])
        #expect(c.getValue("none") == .null)
        #expect(c.getValue("missing") == nil)
        #expect(c.getValue(at: ["list", 2, "b"]) == 2)
        #expect(c.getValue(at: ["list", 1]) == .null)
        #expect(c.getValue(at: ["list", 5]) == nil)
        #expect(c.requireValue("none") == .null)
        let items: [JSONValue] = c.getArray("list")
        #expect(items == [1, nil, ["b": 2]])
        #expect(c.errors.isEmpty)
        #expect(!c.hasFailed)
        #expect(c.requireValue("missing") == .null)
        #expect(c.requireValue(at: ["meta", "b"]) == .null)
        #expect(c.hasFailed)
        #expect(descriptions(c) == ["missing: missing required JSONValue", "meta.b: missing required JSONValue"])
    }

    @Test("a tree from another library: what JSON cannot hold is a mismatch with its path")
    func foreignTree() {
        let c = JSONMapper.context(jsonObject: ["ok": [1, "a"], "bad": ["x": [Date(timeIntervalSince1970: 0)]]])
        #expect(c.getValue("ok") == [1, "a"])
        #expect(c.getValue("bad") == nil)
        #expect(descriptions(c) == ["bad.x[0]: expected JSONValue, found unsupported value of type Date"])
    }

    @Test("both engines read the same value")
    func engines() throws {
        let text = #"{"a": [1, 2.5, "s", true, null, {"b": -0}], "c": {}}"#
        let native = JSONMapper.context(Data(text.utf8)).getValue("a")
        let foundation = JSONMapper.context(Data(text.utf8), engine: .foundation).getValue("a")
        #expect(native != nil)
        #expect(native == foundation)
    }
}
