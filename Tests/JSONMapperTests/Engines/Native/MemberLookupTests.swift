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
}
