import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The native engine finds members four ways, by the object's size and keys: two members compared once, up to
/// eight scanned, more put in a hash table, and repeated or escaped keys by the last-wins rule. Every way must give
/// the same answers.
@Suite("Member lookup by object size")
struct MemberLookupTests {
    /// The keys of an object of `members` members (`k0`, `k1`, …, all plain and distinct; with ten or more, of two
    /// lengths), with the key at `repeated.later` made the same as the one at `repeated.earlier`, spelled with an
    /// escape when `escaped`.
    static func keys(
        members: Int, repeated: (earlier: Int, later: Int)?, escaped: Bool
    ) -> (text: [String], names: [String]) {
        var names = (0..<members).map { "k\($0)" }
        var text = names
        if let (earlier, later) = repeated {
            names[later] = names[earlier]
            text[later] = escaped ? #"\u006B"# + names[earlier].dropFirst() : names[earlier]
        }
        return (text, names)
    }

    @Test(
        "the last of a repeated key wins and every other key finds its own member, in objects of every size",
        arguments: 1...20)
    func everySize(members: Int) {
        var cases: [(earlier: Int, later: Int)?] = [nil]
        for later in 0..<members {
            for earlier in 0..<later { cases.append((earlier, later)) }
        }
        var problems: [String] = []
        for repeated in cases {
            for escaped in repeated == nil ? [false] : [false, true] {
                let (text, names) = Self.keys(members: members, repeated: repeated, escaped: escaped)
                let object = "{" + text.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ") + "}"
                let expected = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
                // In document order (the cursor finds each key), then backwards from a fresh context (it does not).
                for order in [names, names.reversed()] {
                    let c = JSONMapper.context(json(object))
                    for name in order where c.getInt(name) != expected[name] {
                        problems.append("\(object): \(name) is \(String(describing: c.getInt(name)))")
                    }
                    if c.getInt("k99") != nil || c.getInt("k") != nil { problems.append("\(object): a missing key") }
                }
            }
        }
        #expect(problems == [])
        #expect(cases.count == 1 + members * (members - 1) / 2)
    }

    /// The names `ShapeProbe` reads: twenty short keys, two longer than 16 bytes (compared as more than two words),
    /// and one that no object has.
    static let probeNames =
        (0..<20).map { "k\($0)" } + ["a_key_longer_than_sixteen_bytes_0", "a_key_longer_than_sixteen_bytes_1", "zz"]

    /// One generated object: its text and the `Int` each name should map to, by the last-wins rule (the getters) and
    /// the first-wins rule (`JSONDecoder`'s, which the Codable decoder keeps); its child object, when it has one.
    final class ProbeObject {
        var text = ""
        var last: [String: Int] = [:]
        var first: [String: Int] = [:]
        var child: ProbeObject?
        /// How the generator changed the object's base shape: 0 to 4, or 5 for not at all.
        var change = 5
    }

    /// A model that reads every probe name out of document order (so that lookups go through the table, not the
    /// cursor), and its `child` in between, as the nested models of a context's spare do.
    final class ShapeProbe: JSONSerializable, Decodable {
        var values: [String: Int] = [:]
        var child: ShapeProbe?

        init(_ c: JSONDeserializationContext) {
            for (i, name) in MemberLookupTests.probeNames.reversed().enumerated() {
                if i == 5 { child = c.getObject("child", ofClass: ShapeProbe.self) }
                values[name] = c.getInt(name)
            }
        }

        struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            for (i, name) in MemberLookupTests.probeNames.reversed().enumerated() {
                if i == 5 { child = try c.decodeIfPresent(ShapeProbe.self, forKey: Key(stringValue: "child")) }
                values[name] = try? c.decode(Int.self, forKey: Key(stringValue: name))
            }
        }
    }

    /// Objects of a few shapes in random turns, most repeating one of the shapes before, others changed by one key:
    /// two keys swapped, one replaced by another of the same length or spelled with an escape, one repeated, a value
    /// made an array (which moves every later key on the tape). Values are unique across the document, so that a key
    /// found in the object before, or the member after, gives a wrong value.
    static func shapedObjects(count: Int, seed: UInt64) -> [ProbeObject] {
        var random = SplitMix64(seed: seed)
        let pool = Array(probeNames.dropLast())
        // Four base shapes, two of them of the same member count (12), so that a shape is also replaced by another of
        // its count; with a child member or without, objects have six counts, more than a context keeps shapes for.
        let bases = [Array(pool[0..<12]), Array(pool[4..<16]), Array(pool[8..<20]) + pool[20...], Array(pool[0..<9])]
        var value = 0
        func object(depth: Int) -> ProbeObject {
            var keys = bases[Int.random(in: 0..<bases.count, using: &random)]
            var escaped: Int?
            var arrayAt: Int?
            let made = ProbeObject()
            made.change = min(Int.random(in: 0..<12, using: &random), 5)
            switch made.change {
            case 0: keys.swapAt(Int.random(in: 0..<(keys.count - 1), using: &random), keys.count - 1)
            case 1:
                let at = Int.random(in: 0..<keys.count, using: &random)
                if let other = pool.first(where: { $0.count == keys[at].count && !keys.contains($0) }) {
                    keys[at] = other
                }
            case 2: keys[Int.random(in: 1..<keys.count, using: &random)] = keys[0]
            case 3: escaped = Int.random(in: 0..<keys.count, using: &random)
            case 4: arrayAt = Int.random(in: 0..<keys.count, using: &random)
            default: break
            }
            var members: [String] = []
            for (at, key) in keys.enumerated() {
                value += 1
                let spelled = at == escaped ? #"\u00"# + String(key.utf8.first ?? 0, radix: 16) + key.dropFirst() : key
                members.append(#""\#(spelled)": "# + (at == arrayAt ? "[\(value)]" : "\(value)"))
                if at != arrayAt {
                    made.last[key] = value
                    if made.first[key] == nil { made.first[key] = value }
                } else {
                    made.last[key] = nil
                    // `JSONDecoder` keeps the first of a repeated key even when it is not an `Int`.
                    if !made.first.keys.contains(key) { made.first[key] = -1 }
                }
            }
            if depth < 2, Int.random(in: 0..<3, using: &random) > 0 {
                let child = object(depth: depth + 1)
                made.child = child
                members.insert(#""child": "# + child.text, at: Int.random(in: 0...members.count, using: &random))
            }
            made.first = made.first.filter { $0.value >= 0 }
            made.text = "{" + members.joined(separator: ", ") + "}"
            return made
        }
        return (0..<count).map { _ in object(depth: 0) }
    }

    /// What `probe` got wrong against `expected`, by the last-wins rule or the first-wins one, with the path to it.
    static func problems(
        _ probe: ShapeProbe?, _ expected: ProbeObject?, lastWins: Bool, at path: String
    ) -> [String] {
        guard let expected else { return probe == nil ? [] : ["\(path): a child that is not there"] }
        guard let probe else { return ["\(path): no child"] }
        let wanted = lastWins ? expected.last : expected.first
        var found = probeNames.compactMap { name in
            probe.values[name] == wanted[name] ? nil : "\(path).\(name): \(String(describing: probe.values[name]))"
        }
        found += problems(probe.child, expected.child, lastWins: lastWins, at: path + ".child")
        return found
    }

    @Test(
        "objects that repeat an earlier object's keys, or differ from them by one key, find every member",
        arguments: [1, 2, 3] as [UInt64])
    func repeatedShapes(seed: UInt64) throws {
        let objects = Self.shapedObjects(count: 400, seed: seed)
        let document = json("[" + objects.map(\.text).joined(separator: ",\n") + "]")
        let mapped = JSONMapper.context(document).getArray(ofClass: ShapeProbe.self)
        let decoded = try JSONMapperDecoder().decode([ShapeProbe].self, from: document)
        #expect(mapped.count == objects.count)
        #expect(decoded.count == objects.count)
        var problems: [String] = []
        for (i, object) in objects.enumerated() {
            problems += Self.problems(mapped.count > i ? mapped[i] : nil, object, lastWins: true, at: "[\(i)]")
            problems += Self.problems(
                decoded.count > i ? decoded[i] : nil, object, lastWins: false, at: "Codable[\(i)]")
        }
        #expect(problems == [])
        // The generator made every kind of change it is meant to, so that the test covers them.
        let changes = Dictionary(grouping: objects, by: \.change).mapValues(\.count)
        #expect((0...5).allSatisfy { changes[$0, default: 0] > 10 }, "\(changes)")
    }

    @Test("a lookup takes the shape of its member count, else an empty one, else the least recently chosen")
    func shapeChoice() {
        var slots = MemberSlots()
        defer { slots.free() }
        // As `prepareLookup` does: a shape whose table was built holds its member count.
        func take(_ members: Int) -> UnsafeMutablePointer<MemberSlots.Shape>? {
            let shape = slots.shape(forMembers: members, slotCount: TapeView.slotCount(forMembers: members))
            shape?.pointee.members = members
            return shape
        }
        let first = take(9)
        let taken = [first, take(10), take(11), take(12)]
        #expect(Set(taken.compactMap { $0 }).count == 4)
        #expect(take(10) == taken[1])
        // 13 members: a new count replaces the least recently chosen shape, the one of 9.
        #expect(take(13) == first)
        #expect(take(9) == taken[2])
        // A shape left empty by a build that failed (here the one just chosen) is taken before the least recently
        // chosen one (the shape of 12).
        taken[2]?.pointee.members = 0
        #expect(take(14) == taken[2])
        #expect(take(15) == taken[3])
        // Objects of more than `largeObject` members all take the first shape, whatever their count.
        #expect(take(MemberSlots.largeObject + 1) == first)
        #expect(take(MemberSlots.largeObject + 500) == first)
        #expect(first?.pointee.capacity == TapeView.slotCount(forMembers: MemberSlots.largeObject + 500))
    }

    @Test("large objects of different member counts, which share one table, find every member")
    func largeObjectsSharingATable() {
        let counts = [2049, 2100, 2049, 5000, 2100, 2100]
        var objects: [String] = []
        for (n, count) in counts.enumerated() {
            objects.append("{" + (0..<count).map { #""k\#($0)": \#(n * 10_000 + $0)"# }.joined(separator: ",") + "}")
        }
        final class Probe: JSONSerializable {
            let values: [Int?]
            init(_ c: JSONDeserializationContext) {
                values = ["k2048", "k0", "k2099", "k1000", "k4999", "k5000"].map { c.getInt($0) }
            }
        }
        let mapped = JSONMapper.context(json("[" + objects.joined(separator: ",") + "]")).getArray(ofClass: Probe.self)
        let expected: [[Int?]] = counts.enumerated().map { n, count in
            [2048, 0, 2099, 1000, 4999, 5000].map { $0 < count ? n * 10_000 + $0 : nil }
        }
        #expect(mapped.map(\.values) == expected)
    }
}
