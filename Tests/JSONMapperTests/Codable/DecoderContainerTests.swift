import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// Containers behave as `JSONDecoder`'s: what they report, what they leave in place, and their errors' paths.
@Suite("JSONMapperDecoder: containers against JSONDecoder")
struct DecoderContainerTests {
    /// What a keyed container says about an object, read in a custom order.
    struct KeyedProbe: Decodable, Equatable {
        var keys: [String]
        var contains: [Bool]
        var nils: [Bool]
        var twice: [Int]
        var path: String

        enum Keys: String, CodingKey { case a, b, c, missing }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            keys = container.allKeys.map(\.stringValue).sorted()
            contains = [Keys.a, .b, .c, .missing].map { container.contains($0) }
            nils = try [Keys.a, .b].map { try container.decodeNil(forKey: $0) }
            // Out of document order, and the same key twice.
            twice = [
                try container.decode(Int.self, forKey: .b), try container.decode(Int.self, forKey: .a),
                try container.decode(Int.self, forKey: .a),
            ]
            path = pathText(container.codingPath)
        }
    }

    @Test("allKeys, contains, decodeNil leaving a non-null in place, keys read twice and out of order")
    func keyedContainer() {
        let outcome = expectSameDecoding([KeyedProbe].self, #"[{"a": 1, "b": 2, "c": null, "d": 4}]"#)
        guard case .value(let probes) = outcome, let probe = probes.first else {
            Issue.record("JSONDecoder failed: \(outcome)")
            return
        }
        #expect(probe.keys == ["a", "b", "c"])  // "d" is no key of the type
        #expect(probe.contains == [true, true, true, false])
        #expect(probe.nils == [false, false])
        #expect(probe.twice == [2, 1, 1])
        #expect(probe.path == "Index 0#0")
        expectSameDecoding(KeyedProbe.self, #"{"a": 1, "b": null}"#)  // valueNotFound at b
        expectSameDecoding(KeyedProbe.self, #"{"b": 1}"#)  // keyNotFound a
        expectSameDecoding(KeyedProbe.self, #"[1]"#)
        expectSameDecoding(KeyedProbe.self, "null")
    }

    @Test("a repeated key: the first one wins, as in JSONDecoder")
    func repeatedKeys() {
        #expect(expectSameDecoding(Box<Int>.self, #"{"v": 1, "v": 2}"#) == .value(Box(v: 1)))
        // Escaped keys take the general lookup.
        #expect(expectSameDecoding(Box<Int>.self, #"{"\u0076": 1, "v": 2}"#) == .value(Box(v: 1)))
        #expect(expectSameDecoding([String: Int].self, #"{"k": 1, "k": 2}"#) == .value(["k": 1]))
        // A large object with repeated keys.
        let members = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        expectSameDecoding(Box<Int>.self, #"{\#(members), "v": 7, \#(members), "v": 8}"#)
    }

    /// What an unkeyed container says as it is read to its end and past it.
    struct UnkeyedProbe: Decodable, Equatable {
        var log: [String] = []

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            log.append("count \(container.count ?? -1) at \(container.currentIndex) end \(container.isAtEnd)")
            if try container.decodeNil() { log.append("nil") }
            log.append("after decodeNil \(container.currentIndex)")
            while !container.isAtEnd {
                if try container.decodeNil() {
                    log.append("null")
                } else {
                    log.append("\(try container.decode(Int.self))")
                }
            }
            log.append("optional past the end \(String(describing: try container.decodeIfPresent(Int.self)))")
            log.append("index past the end \(container.currentIndex) end \(container.isAtEnd)")
            log.append(pathText(container.codingPath))
        }
    }

    @Test("count, isAtEnd and currentIndex, also past the end; decodeNil leaves a non-null in place")
    func unkeyedContainer() {
        let outcome = expectSameDecoding(Box<UnkeyedProbe>.self, #"{"v": [1, null, 3]}"#)
        guard case .value(let box) = outcome else {
            Issue.record("JSONDecoder failed: \(outcome)")
            return
        }
        #expect(box.v.log.first == "count 3 at 0 end false")
        expectSameDecoding(Box<UnkeyedProbe>.self, #"{"v": []}"#)
        expectSameDecoding(Box<UnkeyedProbe>.self, #"{"v": [1, "x"]}"#)
        expectSameDecoding(Box<UnkeyedProbe>.self, #"{"v": {}}"#)
        expectSameDecoding(Box<UnkeyedProbe>.self, #"{"v": null}"#)
    }

    /// The index after each optional read, past the end too.
    struct OptionalPastTheEnd: Decodable, Equatable {
        var indices: [Int] = []

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            for _ in 0..<3 {
                _ = try container.decodeIfPresent(Int8.self)
                indices.append(container.currentIndex)
            }
            _ = try container.decodeIfPresent(UInt32.self)
            indices.append(container.currentIndex)
        }
    }

    @Test("an optional read at the end gives nil and still moves on, for every integer type")
    func optionalPastTheEnd() {
        let outcome = expectSameDecoding(OptionalPastTheEnd.self, "[1]")
        guard case .value(let probe) = outcome else {
            Issue.record("JSONDecoder failed: \(outcome)")
            return
        }
        #expect(probe.indices == [1, 2, 3, 4])
    }

    /// Reads past the end of an array.
    struct PastTheEnd: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            _ = try container.decode(Int.self)
            _ = try container.decode(String.self)
        }
    }

    @Test("reading past the end is valueNotFound at the next index")
    func pastTheEnd() {
        expectSameDecoding(Box<PastTheEnd>.self, #"{"v": [1]}"#)
        expectSameDecoding(Box<PastTheEnd>.self, #"{"v": [1, 2]}"#)
    }

    /// Nested containers, and a superclass decoder at "super" and at a chosen key.
    struct Nested: Decodable, Equatable {
        var inner: Int
        var list: [Int]
        var superValue: Int?
        var superNull: Bool
        var keyed: String

        enum Keys: String, CodingKey { case outer, list, `super`, base }
        enum InnerKeys: String, CodingKey { case inner }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let outer = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .outer)
            inner = try outer.decode(Int.self, forKey: .inner)
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            self.list = []
            while !list.isAtEnd { self.list.append(try list.decode(Int.self)) }
            let superDecoder = try container.superDecoder()
            let single = try superDecoder.singleValueContainer()
            superNull = single.decodeNil()
            superValue = superNull ? nil : try single.decode(Int.self)
            let base = try container.superDecoder(forKey: .base)
            keyed = pathText(base.codingPath) + " " + pathText(superDecoder.codingPath)
        }
    }

    @Test("nested containers, superDecoder() at \"super\", a missing \"super\" is null")
    func nestedAndSuper() {
        expectSameDecoding(Nested.self, #"{"outer": {"inner": 1}, "list": [1, 2], "super": 5, "base": 0}"#)
        expectSameDecoding(Nested.self, #"{"outer": {"inner": 1}, "list": []}"#)
        expectSameDecoding([Nested].self, #"[{"outer": {"inner": "x"}, "list": []}]"#)
        expectSameDecoding([Nested].self, #"[{"outer": {"inner": 1}, "list": [true]}]"#)
        expectSameDecoding([Nested].self, #"[{"outer": [], "list": []}]"#)
    }

    class Animal: Decodable {
        let name: String
        init(name: String) { self.name = name }
    }

    final class Dog: Animal, Equatable {
        let barks: Int
        enum Keys: String, CodingKey { case barks }

        init(name: String, barks: Int) {
            self.barks = barks
            super.init(name: name)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            barks = try container.decode(Int.self, forKey: .barks)
            try super.init(from: container.superDecoder())
        }

        static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.barks == rhs.barks }
    }

    @Test("a subclass decodes its superclass from \"super\"")
    func subclass() {
        let outcome = expectSameDecoding(Dog.self, #"{"barks": 3, "super": {"name": "Rex"}}"#)
        #expect(outcome == .value(Dog(name: "Rex", barks: 3)))
        expectSameDecoding(Dog.self, #"{"barks": 3}"#)
        expectSameDecoding(Dog.self, #"{"barks": 3, "super": {"name": 1}}"#)
    }

    enum Shape: Decodable, Equatable {
        case circle(radius: Double)
        case rectangle(Double, Double)
        case empty
    }

    @Test("enums with associated values, [Int: T], fragments, optionals")
    func shapes() {
        expectSameDecoding(
            [Shape].self, #"[{"circle": {"radius": 2}}, {"rectangle": {"_0": 1, "_1": 2}}, {"empty": {}}]"#)
        expectSameDecoding([Shape].self, #"[{"triangle": {}}]"#)
        expectSameDecoding([Shape].self, #"[{"circle": {"radius": "2"}}]"#)
        expectSameDecoding([Int: String].self, #"{"1": "a", "20": "b"}"#)
        expectSameDecoding([Int: String].self, #"{"x": "a"}"#)
        expectSameDecoding([String: [Int]].self, #"{"a": [1], "12": [2, "x"]}"#)
        expectSameDecoding(Int?.self, "null")
        expectSameDecoding(String.self, #""fragment""#)
        expectSameDecoding([Int?].self, "[1, null]")
        // A wrong type under an optional is an error, not nil.
        expectSameDecoding(OptionalBox<Int>.self, #"{"v": "1"}"#)
        expectSameDecoding(OptionalBox<[Int]>.self, #"{"v": {}}"#)
    }

    /// A decoder kept after `decode` returns.
    final class Keeper: Decodable, @unchecked Sendable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
    }

    @Test("a decoder and its containers kept after decode returns still read the document")
    func keptDecoder() throws {
        var data = json(#"{"a": {"b": [1, 2, 3]}, "c": "text"}"#)
        let kept = try JSONMapperDecoder().decode(Keeper.self, from: data)
        data.resetBytes(in: 0..<data.count)  // the caller's bytes are gone
        enum Keys: String, CodingKey { case a, b, c }
        let container = try kept.decoder.container(keyedBy: Keys.self)
        #expect(try container.decode(String.self, forKey: .c) == "text")
        let nested = try container.nestedContainer(keyedBy: Keys.self, forKey: .a)
        #expect(try nested.decode([Int].self, forKey: .b) == [1, 2, 3])
    }
}
