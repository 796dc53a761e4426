import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Helpers shared by the tests of editing `JSONValue`: timing for complexity checks, random documents with awkward
/// keys, and the edited copy of citm_catalog.json the benchmarks use.
enum Editing {
    /// The fewest seconds `body` takes over `runs` runs, so that a busy machine does not decide a ratio.
    static func bestSeconds(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// Keys that pointers must escape or that look like array indices, and `é` in both Unicode forms.
    static let awkwardKeys = ["a/b", "~1", "", "01", "-", "\u{E9}", "e\u{301}", "~", "0", "a~b/c", "x"]

    /// One of `awkwardKeys`.
    static func awkwardKey(_ random: inout SplitMix64) -> String {
        pick(awkwardKeys, &random)
    }

    /// One of `choices`, which is not empty.
    static func pick(_ choices: [String], _ random: inout SplitMix64) -> String {
        choices[Int.random(in: choices.indices, using: &random)]
    }

    /// A random value up to `depth` levels deep, its object keys drawn from `awkwardKeys`.
    static func randomValue(depth: Int, _ random: inout SplitMix64) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &random)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONValue.Number(Int.random(in: -3...3, using: &random)))
        case 3:
            // Numbers equal to others written differently: 1.0 and 1e0 are 1, -0 is 0.
            let text = pick(["1.0", "1e0", "-0", "0.50", "2"], &random)
            return JSONValue.Number(text: text).map(JSONValue.number) ?? .string(text)
        case 4, 5: return .string(awkwardKey(&random))
        case 6, 7:
            let count = Int.random(in: 0...4, using: &random)
            return .array((0..<count).map { _ in randomValue(depth: depth - 1, &random) })
        default:
            var object = JSONValue.Object()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                object[awkwardKey(&random)] = randomValue(depth: depth - 1, &random)
            }
            return .object(object)
        }
    }

    /// `value` with a few random edits: members changed, added and removed, elements changed, inserted and
    /// removed, anywhere in the tree.
    static func randomlyEdited(_ value: JSONValue, _ random: inout SplitMix64) -> JSONValue {
        var result = value
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            result = edit(result, depth: 0, &random)
        }
        return result
    }

    private static func edit(_ value: JSONValue, depth: Int, _ random: inout SplitMix64) -> JSONValue {
        let roll = Int.random(in: 0..<4, using: &random)
        switch value {
        case .object(var object) where !object.isEmpty && roll > 0:
            let (key, value) = object[Int.random(in: object.indices, using: &random)]
            switch roll {
            case 1: object[key] = edit(value, depth: depth + 1, &random)
            case 2: object[key] = nil
            default: object[awkwardKey(&random)] = randomValue(depth: 2, &random)
            }
            return .object(object)
        case .array(var array) where !array.isEmpty && roll > 0:
            let index = Int.random(in: 0..<array.count, using: &random)
            switch roll {
            case 1: array[index] = edit(array[index], depth: depth + 1, &random)
            case 2: array.remove(at: index)
            default: array.insert(randomValue(depth: 2, &random), at: index)
            }
            return .array(array)
        default:
            return randomValue(depth: 2, &random)
        }
    }

    /// citm_catalog.json edited as the benchmark says: `prices[0].amount` set to `1` in every third
    /// performance (from the first), a copy of performance 1 with `id` `1` inserted at index 100, event `138586341`
    /// removed and the last event's `name` changed. 81 + 1 + 1 + 1 = 84 changes.
    static func editedCatalog(_ catalog: JSONValue) throws -> JSONValue {
        var edited = catalog
        let count = try #require(edited["performances"]?.arrayValue?.count)
        for index in stride(from: 0, to: count, by: 3) {
            #expect(edited["performances"]?[index]?["prices"]?[0]?["amount"] != 1)
            edited["performances"]?[index]?["prices"]?[0]?["amount"] = 1
        }
        var copy = try #require(edited["performances"]?[1])
        copy["id"] = 1
        var performances = try #require(edited["performances"]?.arrayValue)
        performances.insert(copy, at: 100)
        edited["performances"] = .array(performances)
        #expect(edited["events"]?["138586341"] != nil)
        edited["events"]?["138586341"] = nil
        let lastEvent = try #require(edited["events"]?.objectValue?.keys.last)
        edited["events"]?[lastEvent]?["name"] = "A renamed event"
        return edited
    }
}
