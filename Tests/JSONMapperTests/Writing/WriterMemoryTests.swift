import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Memory that runs out while writing makes the write throw, whichever allocation fails: the output's growth, the
/// copy an object is rewritten from, a table of keys. `WriteOptions.memoryLimit` stands in for the machine's memory.
@Suite("Writing when memory runs out")
struct WriterMemoryTests {
    static func limited(_ bytes: Int, _ options: JSONMapper.WriteOptions = .default) -> JSONMapper.WriteOptions {
        var options = options
        options.memoryLimit = bytes
        return options
    }

    static let longString = String(repeating: "x", count: 20_000)

    @Test("output that cannot grow throws outOfMemory from every entry point")
    func outputGrowth() throws {
        let options = Self.limited(10_000)
        let model = Writes { c in c.set("s", Self.longString) }
        // `{"s":` and the string with its quotes: 5 + 20,002 bytes, more than the limit.
        let message = "not enough memory to write the JSON text (could not have 20007 bytes)"
        let fromData = #expect(throws: JSONMappingError.self) { try JSONMapper.data(from: model, options: options) }
        #expect(fromData?.code == .outOfMemory)
        #expect(fromData?.path == "")
        #expect(fromData?.description == message)
        let fromString = #expect(throws: JSONMappingError.self) {
            try JSONMapper.string(from: [model], options: options)
        }
        #expect(fromString?.message == "not enough memory to write the JSON text (could not have 20008 bytes)")
        let value: JSONValue = ["s": .string(Self.longString)]
        let fromValue = #expect(throws: JSONMappingError.self) { try JSONMapper.data(from: value, options: options) }
        #expect(fromValue?.description == message)
        let fromArray = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(from: Array(repeating: 1.5, count: 10_000), options: options)
        }
        #expect(fromArray?.code == .outOfMemory)
        // Just enough memory: the same writes succeed.
        #expect(try JSONMapper.data(from: model, options: Self.limited(20_008)).count == 20_008)
    }

    @Test("after a failure the writer holds nothing and writes nothing more")
    func stopsWriting() throws {
        let context = JSONSerializationContext(options: Self.limited(10_000))
        Writes { c in
            c.set("s", Self.longString)
            for i in 0..<100_000 { c.set("k\(i)", i) }
            c.set("nested", [["a": [1, 2]]])
        }._write(to: context)
        #expect(context.writer.count == 0)
        #expect(context.writer.capacity == 0)
        #expect(context.writer.records.isEmpty)
        #expect(context.writer.depth == 0)
        #expect(context.firstError?.code == .outOfMemory)
    }

    @Test("an object rewritten for a key set twice needs a copy of its body; without it, the write throws")
    func rewriteCopy() throws {
        let long = String(repeating: "y", count: 100_000)
        let model = Writes { c in
            c.set("a", long)
            c.set("b", 1)
            c.set("a", 2)
        }
        // The body after `{`: `"a":` and the string (4 + 100,002), `,"b":1` and `,"a":2`.
        let bodyCount = 4 + 100_002 + 6 + 6
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(from: model, options: Self.limited(200_000))
        }
        #expect(error?.message == "not enough memory to write the JSON text (could not have \(bodyCount) bytes)")
        let sorted = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(
                from: Writes { c in
                    c.set("b", long)
                    c.set("a", 1)
                }, options: Self.limited(200_000, JSONMapper.WriteOptions(sortedKeys: true)))
        }
        #expect(sorted?.code == .outOfMemory)
        #expect(try JSONMapper.string(from: model, options: Self.limited(300_000)) == #"{"a":2,"b":1}"#)
    }

    @Test("the table of a large object's keys is memory too")
    func keyTable() throws {
        let model = Writes { c in
            for i in 0..<100 { c.set("k\(i)", i) }
        }
        // 256 slots of 16 bytes for the first 64 keys, beside the 4,096 bytes of output.
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(from: model, options: Self.limited(6_000))
        }
        #expect(error?.message == "not enough memory to write the JSON text (could not have 4096 bytes)")
        let written = try JSONMapper.data(from: model, options: Self.limited(8_192))
        #expect(try JSONValue(parsing: written).objectValue?.count == 100)
    }

    @Test("a value JSON cannot hold, found before memory ran out, is the error reported")
    func firstErrorWins() {
        let model = Writes { c in
            c.set("nan", Double.nan)
            c.set("s", Self.longString)
        }
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.data(from: model, options: Self.limited(10_000))
        }
        #expect(error?.description == "nan: cannot write Double nan: JSON numbers are finite")
    }
}
