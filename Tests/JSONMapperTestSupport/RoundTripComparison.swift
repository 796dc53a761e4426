import Foundation
import JSONMapper
import Testing

/// Compares a document with what a model wrote back after mapping it: "equal to the original", nulls included or
/// aside.
///
/// - Nulls aside (`nullsIncluded: false`), members whose value is `null` in the original are ignored: a model holds
///   them as `nil`, which is written by leaving the key out. Nulls included, they must be written as `null`.
/// - Numbers are equal when their values are, or when they read as the same `Double`: a `Double` property writes
///   the shortest text for its value, not the sample's digits (`-65.613616999999977` comes back as
///   `-65.61361699999998`, the same `Double`).
/// - Everything else must be equal: every other member present, arrays element by element, strings exactly.
package enum RoundTripComparison {
    /// The paths at which `written` differs from `original`, at most `limit` of them.
    package static func differences(
        _ original: JSONValue, _ written: JSONValue, limit: Int = 10, nullsIncluded: Bool = false
    ) -> [String] {
        var found: [String] = []
        var pending: [(String, JSONValue, JSONValue)] = [("", original, written)]
        while let (path, a, b) = pending.popLast(), found.count < limit {
            switch (a, b) {
            case (.object(let x), .object(let y)):
                for (key, value) in x where nullsIncluded || !value.isNull {
                    guard let other = y[key] else {
                        found.append("\(path).\(key): missing from the written document")
                        continue
                    }
                    pending.append(("\(path).\(key)", value, other))
                }
                for key in y.keys where x[key] == nil || (!nullsIncluded && x[key]?.isNull == true) {
                    found.append("\(path).\(key): written but not in the original")
                }
            case (.array(let x), .array(let y)):
                guard x.count == y.count else {
                    found.append("\(path): \(x.count) elements written back as \(y.count)")
                    continue
                }
                for (index, pair) in zip(x, y).enumerated() {
                    pending.append(("\(path)[\(index)]", pair.0, pair.1))
                }
            case (.number(let x), .number(let y)):
                if x != y && !(x.doubleValue != nil && x.doubleValue == y.doubleValue) {
                    found.append("\(path): \(x) written back as \(y)")
                }
            default:
                if a != b { found.append("\(path): \(a) written back as \(b)") }
            }
        }
        return found
    }

    /// Maps `data` with `T`, checks that mapping recorded nothing, writes the model back and returns the
    /// differences from the original, with its nulls or without.
    package static func check<T: JSONSerializable & JSONWritable>(
        _ type: T.Type, _ data: Data, nullsIncluded: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let context = JSONMapper.context(data)
        let model = T(context)
        #expect(context.valid, sourceLocation: sourceLocation)
        #expect(context.errors == [], sourceLocation: sourceLocation)
        #expect(context.notices == [], sourceLocation: sourceLocation)
        let strict = try JSONMapper.decode(T.self, from: data)
        let written = try JSONMapper.data(from: model)
        #expect(try JSONMapper.data(from: strict) == written, sourceLocation: sourceLocation)
        return differences(try JSONValue(parsing: data), try JSONValue(parsing: written), nullsIncluded: nullsIncluded)
    }

    /// ``check(_:_:nullsIncluded:sourceLocation:)`` for a document that is an array of models.
    package static func check<T: JSONSerializable & JSONWritable>(
        _ type: [T].Type, _ data: Data, nullsIncluded: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let context = JSONMapper.context(data)
        let models = context.requireArray(ofClass: T.self)
        #expect(context.valid, sourceLocation: sourceLocation)
        #expect(context.errors == [], sourceLocation: sourceLocation)
        #expect(context.notices == [], sourceLocation: sourceLocation)
        let strict = try JSONMapper.decode([T].self, from: data)
        let written = try JSONMapper.data(from: models)
        #expect(try JSONMapper.data(from: strict) == written, sourceLocation: sourceLocation)
        return differences(try JSONValue(parsing: data), try JSONValue(parsing: written), nullsIncluded: nullsIncluded)
    }
}
