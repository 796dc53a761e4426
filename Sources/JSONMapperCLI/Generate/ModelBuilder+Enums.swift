import JSONMapper

// `--enums`: string fields with a few repeated values become `String` enums.
//
// A field qualifies when it is a `String` (not a URL or date) with no mixed kinds, has at most
// `StringValues.limit` distinct values of at most `StringValues.maximumLength` bytes across every position merged
// into it, and was seen at least twice as often as it has distinct values (so that the values repeat). Fields
// with the same key and the same values share one enum.

extension ModelBuilder {
    mutating func findEnums() {
        // By Unicode scalars: a field whose key differs from another's only in normalization is another member.
        var existing: [ExactKey: Int] = [:]
        for model in models.indices {
            for index in models[model].fields.indices {
                let field = models[model].fields[index]
                guard field.type == SwiftType(.string), field.notes.isEmpty else { continue }
                let strings = field.positions.map(\.strings).reduce(StringValues()) { $0.merged(with: $1) }
                guard let values = strings.values, !values.isEmpty, strings.total >= 2 * values.count else {
                    continue
                }
                let rawValues = values.map(\.text)
                let sortedValues = rawValues.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                let signature = ExactKey(([field.key] + sortedValues).joined(separator: "\u{0}"))
                let enumIndex: Int
                if let known = existing[signature] {
                    enumIndex = known
                } else {
                    enums.append(EnumModel(key: field.key, owner: model, rawValues: rawValues))
                    enumIndex = enums.count - 1
                    existing[signature] = enumIndex
                }
                models[model].fields[index].type = SwiftType(.enumeration(enumIndex))
            }
        }
    }
}
