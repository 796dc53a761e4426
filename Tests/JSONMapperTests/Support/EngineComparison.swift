import Foundation
import JSONMapperTestSupport

@testable import JSONMapper

/// Walks two parsed documents side by side and lists every place where their values differ.
///
/// Values are compared as getters see them: the kind, booleans, strings, and for numbers the `Double`, `Int64`
/// and `UInt64` conversions (including whether each fails). Object members are compared by key with the
/// last-duplicate-wins rule both engines follow, and their keys' order too (document order on both). The walk uses
/// an explicit stack, so depth cannot overflow it.
enum EngineComparison {
    static func differences(_ left: JSONNode, _ right: JSONNode) -> [String] {
        var differences: [String] = []
        var pending: [(JSONNode, JSONNode, String)] = [(left, right, "")]
        while let (a, b, path) = pending.popLast() {
            let where_ = path.isEmpty ? "(root)" : path
            guard a.kind == b.kind else {
                differences.append("\(where_): \(a.found) vs \(b.found)")
                continue
            }
            switch a.kind {
            case .null, .unsupported:
                break
            case .bool:
                if a.bool != b.bool { differences.append("\(where_): \(a.found) vs \(b.found)") }
            case .string:
                if a.string != b.string { differences.append("\(where_): \(a.found) vs \(b.found)") }
            case .number:
                let same =
                    describe(a.double()) == describe(b.double())
                    && describe(a.integer(Int64.self)) == describe(b.integer(Int64.self))
                    && describe(a.integer(UInt64.self)) == describe(b.integer(UInt64.self))
                if !same {
                    differences.append(
                        "\(where_): \(a.found) as \(describe(a.double())) vs \(b.found) as \(describe(b.double()))")
                }
            case .array:
                var left: [JSONNode] = []
                var right: [JSONNode] = []
                a.forEachElement { _, element in left.append(element) }
                b.forEachElement { _, element in right.append(element) }
                guard left.count == right.count else {
                    differences.append("\(where_): \(left.count) elements vs \(right.count)")
                    continue
                }
                for index in left.indices.reversed() {
                    pending.append((left[index], right[index], JSONPath.appending(.index(index), to: path)))
                }
            case .object:
                var keys = Set<String>()
                a.forEachMember { key, _ in keys.insert(key) }
                var otherKeys = Set<String>()
                b.forEachMember { key, _ in otherKeys.insert(key) }
                guard keys == otherKeys else {
                    differences.append("\(where_): keys \(keys.sorted()) vs \(otherKeys.sorted())")
                    continue
                }
                // In document order on both, each key at its first occurrence.
                let order = firstOccurrences(a)
                let otherOrder = firstOccurrences(b)
                if order != otherOrder {
                    differences.append("\(where_): keys in the order \(order) vs \(otherOrder)")
                }
                for key in keys.sorted().reversed() {
                    if let left = a.member(key), let right = b.member(key) {
                        pending.append((left, right, JSONPath.appending(.key(key), to: path)))
                    }
                }
            }
        }
        return differences
    }

    /// An object's keys in the order its members come, each once (by Unicode scalars).
    static func firstOccurrences(_ object: JSONNode) -> [String] {
        var seen = Set<ExactKey>()
        var keys: [String] = []
        object.forEachMember { key, _ in
            if seen.insert(ExactKey(key)).inserted { keys.append(key) }
        }
        return keys
    }

    /// A conversion result as text, with a Double's sign and bits, so that -0.0 and 0.0 differ.
    static func describe<T>(_ result: Result<T, NumberIssue>?) -> String {
        switch result {
        case .success(let value as Double)?: "\(value) (0x\(String(value.bitPattern, radix: 16)))"
        case .success(let value)?: "\(value)"
        case .failure(let issue)?: "failure(\(issue.note))"
        case nil: "not a number"
        }
    }

    /// The root node of the context `data` makes on `engine`, or `nil` when the input is invalid there.
    static func root(_ data: Data, _ engine: JSONMapper.Engine) -> JSONNode? {
        let context = JSONMapper.context(data, engine: engine)
        return context.valid ? context.node : nil
    }
}
