import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Finding keys set twice costs the same per member in an object of 10 members or of 100,000: counted, not timed.
@Suite("The writer's duplicate-key detection")
struct WriterMemberIndexTests {
    /// Writes `value` as `JSONMapper.data(from:)` does, and returns the text with the earlier members the writer
    /// looked at to find keys set before.
    static func probes<T: JSONWritableValue>(
        _ value: T, _ options: JSONMapper.WriteOptions = .default
    ) throws -> (text: Data, probes: Int) {
        let context = JSONSerializationContext(options: options)
        value._write(to: context)
        if let error = context.firstError { throw error }
        let probes = context.writer.keyProbes
        let taken = context.writer.takeBytes()
        let (bytes, count) = try #require(taken)
        return (Data(bytesNoCopy: bytes, count: count, deallocator: .free), probes)
    }

    /// A model that sets `count` distinct keys of equal length (which defeats any shortcut on lengths), each
    /// `times` times.
    static func model(keys count: Int, times: Int = 1) -> Writes {
        Writes { c in
            for round in 0..<times {
                for i in 0..<count { c.set(key(i), i + round) }
            }
        }
    }

    static func key(_ i: Int) -> String {
        let digits = String(i)
        return "key" + String(repeating: "0", count: 7 - digits.count) + digits
    }

    @Test("a model's distinct keys cost a bounded number of probes in all, whatever their number")
    func distinctKeys() throws {
        // At most a scan of the members below the threshold; past it, each key is one hash and no comparison.
        let bound = JSONWriter.indexThreshold * JSONWriter.indexThreshold
        var counts: [Int] = []
        for count in [1_000, 20_000, 80_000] {
            let (data, probes) = try Self.probes(Self.model(keys: count))
            #expect(probes < bound, "\(count) keys: \(probes) probes")
            counts.append(probes)
            let value = try JSONValue(parsing: data)
            #expect(value.objectValue?.count == count)
            #expect(value.objectValue?.keys.last == Self.key(count - 1))
        }
        // The keys below the threshold are the same in every run, so the cost does not grow with the rest.
        #expect(Set(counts).count == 1, "\(counts)")
    }

    @Test("keys set again cost one probe each: the comparison that finds the first one")
    func repeatedKeys() throws {
        let count = 30_000
        let (data, probes) = try Self.probes(Self.model(keys: count, times: 3))
        let bound = JSONWriter.indexThreshold * JSONWriter.indexThreshold
        #expect(probes >= 2 * count && probes < 2 * count + bound, "\(probes) probes")
        let value = try JSONValue(parsing: data)
        #expect(value.objectValue?.count == count)
        #expect(value[Self.key(0)] == 2)
        #expect(value[Self.key(count - 1)]?.intValue == count + 1)
    }

    @Test("dictionaries and JSONValue objects hold distinct keys: nothing is compared")
    func distinctByConstruction() throws {
        let count = 50_000
        var dictionary: [String: Int] = [:]
        for i in 0..<count { dictionary[Self.key(i)] = i }
        let (data, probes) = try Self.probes(dictionary)
        #expect(probes == 0)
        let back = try JSONValue(parsing: data)
        #expect(back.objectValue?.count == count)
        #expect(back[Self.key(12_345)]?.intValue == 12_345)
        let object = JSONValue.object(JSONValue.Object((0..<count).map { (Self.key($0), JSONValue.number(.init($0))) }))
        for options in writeOptionVariants {
            let (text, probes) = try Self.probes(object, options)
            #expect(probes == 0)
            #expect(try JSONValue(parsing: text) == object)
        }
    }

    /// One call of a scripted model: a value for a key, `nil` (which removes it), or an explicit null.
    enum Step {
        case set(String, Int?)
        case null(String)
    }

    /// Sets, resets, removes and revives keys of an object of `count` members, keys of varied lengths and escapes.
    static func script(members count: Int) -> [Step] {
        let keys = (0..<count).map { i in i % 11 == 3 ? "k\(i)\n\u{E9}\"" : "k\(i)" }
        var steps = keys.enumerated().map { Step.set($1, $0) }
        for (i, key) in keys.enumerated() {
            switch i % 6 {
            case 1: steps.append(.set(key, -i))
            case 2: steps.append(.set(key, nil))
            case 3: steps.append(contentsOf: [.set(key, nil), .set(key, 1000 + i)])
            case 4: steps.append(.null(key))
            default: break
            }
        }
        steps.append(.set("late", 1))
        return steps
    }

    /// What the script should give: each key once, in the position it was first set in, with its last value; a key
    /// removed (`nil` without `nilAsNull`) is left out, and set again goes last, as a new member.
    static func expected(_ steps: [Step], nilAsNull: Bool) -> JSONValue {
        var order: [String] = []
        var values: [String: JSONValue] = [:]
        for step in steps {
            let (key, value): (String, JSONValue?)
            switch step {
            case .set(let k, let v?): (key, value) = (k, .number(JSONValue.Number(v)))
            case .set(let k, nil): (key, value) = (k, nilAsNull ? .null : nil)
            case .null(let k): (key, value) = (k, .null)
            }
            if let value {
                if values[key] == nil { order.append(key) }
                values[key] = value
            } else if values.removeValue(forKey: key) != nil {
                order.removeAll { $0 == key }
            }
        }
        var object = JSONValue.Object()
        for key in order {
            if let value = values[key] { object[key] = value }
        }
        return .object(object)
    }

    @Test(
        "repeats and removals come out right below, at and past the threshold, with every option",
        arguments: [1, 2, 62, 63, 64, 65, 66, 127, 128, 129, 1_000, 5_000])
    func aroundThreshold(members: Int) throws {
        let steps = Self.script(members: members)
        let model = Writes { c in
            for step in steps {
                switch step {
                case .set(let key, let value): c.set(key, value)
                case .null(let key): c.setNull(key)
                }
            }
        }
        for options in writeOptionVariants {
            let data = try JSONMapper.data(from: model, options: options)
            let read = try JSONValue(parsing: data)
            let want = Self.expected(steps, nilAsNull: options.writesNilAsNull)
            #expect(read == want)
            let keys = read.objectValue?.keys ?? []
            if options.sortedKeys {
                #expect(keys == keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
            } else {
                #expect(keys == want.objectValue?.keys)
            }
        }
    }

    @Test(
        "a key removed and set again goes last, and later sets and removals find it there, past the threshold too",
        arguments: [3, 63, 64, 65, 200, 5_000])
    func removedAndSetAgain(members: Int) throws {
        let model = Writes { c in
            for i in 0..<members { c.set(Self.key(i), i) }
            c.set(Self.key(1), nil as Int?)
            c.set(Self.key(1), -1)          // last
            c.set(Self.key(2), -2)          // stays in place
            c.set(Self.key(1), -10)         // replaces the value at its new place
            c.set(Self.key(0), nil as Int?)
            c.set("tail", 0)
            c.set(Self.key(0), -20)         // after "tail"
            c.set(Self.key(1), nil as Int?)
            c.set(Self.key(1), -30)         // last again
        }
        let (data, _) = try Self.probes(model)
        var want = ["{"]
        for i in 2..<members { want.append(#""\#(Self.key(i))":\#(i == 2 ? -2 : i),"#) }
        want.append(#""tail":0,"\#(Self.key(0))":-20,"\#(Self.key(1))":-30}"#)
        #expect(String(decoding: data, as: UTF8.self) == want.joined())
    }

    @Test("nested objects past the threshold keep tables of their own")
    func nestedTables() throws {
        let model = Writes { c in
            for i in 0..<100 { c.set("outer\(i)", i) }
            c.set("inner", Writes { inner in
                for i in 0..<100 { inner.set("outer\(i)", -i) }
                for i in 0..<100 { inner.set("outer\(i)", i * 2) }
            })
            for i in 0..<100 { c.set("outer\(i)", i + 1) }
        }
        let read = try JSONValue(parsing: JSONMapper.data(from: model))
        #expect(read.objectValue?.count == 101)
        #expect(read["outer99"]?.intValue == 100)
        #expect(read["inner"]?.objectValue?.count == 100)
        #expect(read["inner"]?["outer99"]?.intValue == 198)
        #expect(read.objectValue?.keys.last == "inner")
    }
}
