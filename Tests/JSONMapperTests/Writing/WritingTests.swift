import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

@Suite("Writing models: layout, members and errors")
struct WritingTests {
    let person = WritablePerson(
        id: 7, name: "Ada", address: WritableAddress(city: "London", zip: nil), roles: ["admin", "dev"])

    @Test("compact output has no whitespace and keeps the order of set")
    func compact() throws {
        #expect(written(person) == #"{"id":7,"name":"Ada","address":{"city":"London"},"roles":["admin","dev"]}"#)
        let data = try JSONMapper.data(from: person)
        #expect(String(decoding: data, as: UTF8.self) == written(person))
    }

    @Test("pretty output: two spaces, one member per line, \"key\": value, no final newline")
    func pretty() throws {
        let options = JSONMapper.WriteOptions(prettyPrinted: true)
        #expect(
            written(person, options) == """
                {
                  "id": 7,
                  "name": "Ada",
                  "address": {
                    "city": "London"
                  },
                  "roles": [
                    "admin",
                    "dev"
                  ]
                }
                """)
        let empty = Writes { c in
            c.set("object", [String: Int]())
            c.set("array", [Int]())
            c.set("nested", [[Int]()])
        }
        #expect(
            written(empty, options) == """
                {
                  "object": {},
                  "array": [],
                  "nested": [
                    []
                  ]
                }
                """)
        #expect(written(Writes { _ in }, options) == "{}")
        #expect(
            written(empty, JSONMapper.WriteOptions(prettyPrinted: true, indentWidth: 4)).contains("\n    \"array\": []")
        )
    }

    @Test("a top-level array of models, compact and pretty")
    func arrayOfModels() throws {
        let a = WritablePerson(id: 1, name: nil, address: nil, roles: [])
        let b = WritablePerson(id: 2, name: "B", address: nil, roles: ["x"])
        #expect(try JSONMapper.string(from: [a, b]) == #"[{"id":1,"roles":[]},{"id":2,"name":"B","roles":["x"]}]"#)
        #expect(try JSONMapper.string(from: [WritablePerson]()) == "[]")
        let pretty = try JSONMapper.string(from: [a], options: JSONMapper.WriteOptions(prettyPrinted: true))
        #expect(pretty == "[\n  {\n    \"id\": 1,\n    \"roles\": []\n  }\n]")
    }

    @Test("nil leaves the key out, or writes null with writesNilAsNull; setNull always writes null")
    func nilMembers() {
        let model = Writes { c in
            c.set("a", nil as Int?)
            c.set("b", 1)
            c.setNull("c")
            c.set("d", nil as [String]?)
        }
        #expect(written(model) == #"{"b":1,"c":null}"#)
        #expect(
            written(model, JSONMapper.WriteOptions(writesNilAsNull: true)) == #"{"a":null,"b":1,"c":null,"d":null}"#)
        let optionals = Writes { c in c.set("list", [1, nil, 3] as [Int?]) }
        #expect(written(optionals) == #"{"list":[1,null,3]}"#)
    }

    @Test("a key set twice is written once: in its first position, with its last value")
    func duplicateKeys() {
        let model = Writes { c in
            c.set("a", 1)
            c.set("b", 2)
            c.set("a", "again")
            c.set("c", 3)
            c.set("a", [true])
        }
        #expect(written(model) == #"{"a":[true],"b":2,"c":3}"#)
        #expect(
            written(model, JSONMapper.WriteOptions(prettyPrinted: true))
                == "{\n  \"a\": [\n    true\n  ],\n  \"b\": 2,\n  \"c\": 3\n}")
        let removed = Writes { c in
            c.set("a", 1)
            c.set("b", 2)
            c.set("a", nil as Int?)
        }
        #expect(written(removed) == #"{"b":2}"#)
        #expect(written(removed, JSONMapper.WriteOptions(writesNilAsNull: true)) == #"{"a":null,"b":2}"#)
        let onlyRemoved = Writes { c in
            c.set("a", 1)
            c.set("a", nil as Int?)
        }
        #expect(written(onlyRemoved) == "{}")
        #expect(written(onlyRemoved, JSONMapper.WriteOptions(prettyPrinted: true)) == "{}")
        let revived = Writes { c in
            c.set("a", 1)
            c.set("b", 2)
            c.set("a", nil as Int?)
            c.set("a", 3)
        }
        // Removed, then set again: a new member, last, as in a JavaScript object or an ordered dictionary.
        #expect(written(revived) == #"{"b":2,"a":3}"#)
        #expect(written(revived, JSONMapper.WriteOptions(sortedKeys: true)) == #"{"a":3,"b":2}"#)
        // With writesNilAsNull, nil writes null: nothing is removed, and the key keeps its first position.
        #expect(written(revived, JSONMapper.WriteOptions(writesNilAsNull: true)) == #"{"a":3,"b":2}"#)
        let revivedTwice = Writes { c in
            c.set("a", 1)
            c.set("b", 2)
            c.set("a", nil as Int?)
            c.set("a", 3)
            c.set("c", 4)
            c.set("a", 5)
            c.set("b", nil as Int?)
            c.setNull("b")
            c.set("a", nil as Int?)
            c.set("d", 6)
            c.set("a", 7)
        }
        #expect(written(revivedTwice) == #"{"c":4,"b":null,"d":6,"a":7}"#)
    }

    @Test("duplicates are found among many keys, and keys are compared by scalars, not canonical equivalence")
    func manyKeys() {
        let model = Writes { c in
            for i in 0..<300 { c.set("key\(i)", i) }
            for i in stride(from: 0, to: 300, by: 7) { c.set("key\(i)", -i) }
            c.set("e\u{301}", 1)
            c.set("\u{E9}", 2)
        }
        let text = written(model)
        let value = try? JSONValue(parsing: Data(text.utf8))
        #expect(value?.objectValue?.count == 302)
        #expect(value?["key7"] == -7)
        #expect(value?["key8"] == 8)
        #expect(value?.objectValue?.keys.prefix(3) == ["key0", "key1", "key2"])
        #expect(text.hasSuffix(#","e\#u{301}":1,"\#u{E9}":2}"#))
    }

    @Test("sortedKeys orders by Unicode scalars at every level, dictionaries and JSONValue objects included")
    func sortedKeys() {
        let model = Writes { c in
            c.set("b", 1)
            c.set(
                "a",
                Writes { c in
                    c.set("z", 1)
                    c.set("Z", 2)
                    c.set("\u{1}", 3)
                    c.set("é", 4)
                    c.set("\"", 5)
                })
            c.set("c", ["y": 1, "x": 2])
            c.set("B", ["k": 1, "j": ["n": 1, "m": 2]] as JSONValue)
            c.set("b", 9)
        }
        #expect(
            written(model, JSONMapper.WriteOptions(sortedKeys: true))
                == #"{"B":{"j":{"m":2,"n":1},"k":1},"a":{"\u0001":3,"\"":5,"Z":2,"z":1,"é":4},"#
                + #""b":9,"c":{"x":2,"y":1}}"#
        )
        #expect(
            written(model)
                == #"{"b":9,"a":{"z":1,"Z":2,"\u0001":3,"é":4,"\"":5},"c":{"x":2,"y":1},"#
                + #""B":{"k":1,"j":{"n":1,"m":2}}}"#
        )
    }

    @Test("enums write their raw values, alone and in arrays and dictionaries")
    func enums() {
        let model = Writes { c in
            c.set("role", Role.admin)
            c.set("level", Level.high)
            c.set("roles", [Role.user, .admin])
            c.set("grid", [[Level.low], [Level.high, .low]])
            c.set("byName", ["x": Role.user])
            c.set("none", nil as Role?)
        }
        #expect(
            written(model)
                == #"{"role":"admin","level":3,"roles":["user","admin"],"grid":[[1],[3,1]],"byName":{"x":"user"}}"#)
    }

    @Test("nested arrays and dictionaries of every kind")
    func nesting() throws {
        let model = Writes { c in
            c.set("matrix", [[[1.5, 2]], [[]]])
            c.set("models", ["k": [WritableAddress(city: "A", zip: "1")]])
            c.set("url", URL(string: "https://example.com/a?b=c"))
            c.set("ints", [Int8.min, Int8.max].map(Int.init))
            c.set("value", ["x": [1, "two", nil, false]] as JSONValue)
        }
        #expect(
            written(model)
                == #"{"matrix":[[[1.5,2]],[[]]],"models":{"k":[{"city":"A","zip":"1"}]},"#
                + #""url":"https://example.com/a?b=c","ints":[-128,127],"value":{"x":[1,"two",null,false]}}"#)
        let data = try JSONMapper.data(from: model)
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        #expect(try JSONMapper.string(from: [1, 2, 3]) == "[1,2,3]")
        #expect(try JSONMapper.string(from: ["b": [true], "a": [false]]) == #"{"a":[false],"b":[true]}"#)
    }

    @Test("a non-finite number throws invalidValue with the culprit's path")
    func nonFinite() throws {
        let single = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(from: Series(values: [1, 2, .nan]))
        }
        #expect(single?.code == .invalidValue)
        #expect(single?.path == "values[2]")
        #expect(single?.description == "values[2]: cannot write Double nan: JSON numbers are finite")
        let inArray = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(from: [Series(values: [1]), Series(values: [-.infinity])])
        }
        #expect(inArray?.description == "[1].values[0]: cannot write Double -inf: JSON numbers are finite")
        let price = #expect(throws: JSONMappingError.self) {
            try JSONMapper.string(from: Writes { c in c.set("price", Float.infinity) })
        }
        #expect(price?.description == "price: cannot write Float inf: JSON numbers are finite")
        let quoted = #expect(throws: JSONMappingError.self) {
            try JSONMapper.string(from: Writes { c in c.set("headers", ["content.type": Decimal.nan]) })
        }
        #expect(quoted?.description == #"headers["content.type"]: cannot write Decimal NaN: JSON numbers are finite"#)
        let deep = #expect(throws: JSONMappingError.self) {
            try JSONMapper.string(
                from: Writes { c in
                    c.set("ok", 1)
                    c.set("a", [Writes { c in c.set("b", [["x": 1.0], ["y": .nan]]) }])
                }, options: JSONMapper.WriteOptions(prettyPrinted: true, sortedKeys: true))
        }
        #expect(deep?.path == "a[0].b[1].y")
    }

    @Test("a context kept past its write(to:) call writes nothing")
    func keptContext() throws {
        final class Keeper: @unchecked Sendable {
            var context: JSONSerializationContext?
        }
        let keeper = Keeper()
        let text = try JSONMapper.string(
            from: Writes { c in
                keeper.context = c
                c.set("a", 1)
                #expect(c.path == "a")
            })
        keeper.context?.set("b", 2)
        keeper.context?.setNull("c")
        #expect(text == #"{"a":1}"#)
    }
}
