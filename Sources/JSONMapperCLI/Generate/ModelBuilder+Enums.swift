import JSONMapper

// `--enums`: string fields whose values look like categories become `String` enums.
//
// The rule (README, "The jsonmapper command"): a field qualifies when
//   1. it is a `String` (not a URL or date) with no mixed kinds,
//   2. it has at most `StringValues.limit` distinct values across every position merged into it, and was seen at
//      least twice as often as it has distinct values (the values repeat),
//   3. every value is word-like (``isCategory(_:)``): short, at most three words of letters and digits, with a
//      letter; not empty, not base64, not an id mixing letters with a long run of digits, not a URL, and
//   4. its key does not name an identity (``namesIdentity(_:)``: `id`, `node_id`, `login`, `name`, `sha`, …),
//      whose values are data that merely repeats in the samples (the same user in every issue).
// Fields with the same key and the same values share one enum.

extension ModelBuilder {
    mutating func findEnums() {
        // By Unicode scalars: a field whose key differs from another's only in normalization is another member.
        var existing: [ExactKey: Int] = [:]
        for model in models.indices {
            for index in models[model].fields.indices {
                let field = models[model].fields[index]
                guard field.type == SwiftType(.string), field.notes.isEmpty else { continue }
                let strings = field.positions.map(\.strings).reduce(StringValues()) { $0.merged(with: $1) }
                guard let values = strings.values, !values.isEmpty, strings.total >= 2 * values.count,
                    values.allSatisfy({ Self.isCategory($0.text) }), !Self.namesIdentity(field.key)
                else {
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

    /// Whether a value reads like a category (`in-progress`, `admin`, `Pull Request`, `h264`): at most
    /// `StringValues.maximumLength` bytes of letters, digits, spaces, `-`, `_` and `.`, with a letter, in at most
    /// three words, none mixing letters with four digits or more (`a1b2c3d4`, an id). The empty string, base64
    /// (`MDA6RW50aXR5MQ==`), URLs and ids are not.
    static func isCategory(_ value: String) -> Bool {
        guard !value.isEmpty, value.utf8.count <= StringValues.maximumLength,
            value.allSatisfy({ $0.isLetter || $0.isNumber || " -_.".contains($0) }), value.contains(where: \.isLetter)
        else { return false }
        let words = SwiftNames.words(value)
        guard words.count <= 3 else { return false }
        return words.allSatisfy { word in
            !(word.contains(where: \.isLetter) && word.filter(\.isNumber).count >= 4)
        }
    }

    /// Whether a key names an identity rather than a category, by its last word: `id`, `node_id`, `uuid`, `sha`,
    /// `key`, `token`, `login`, `name`, `email`, `slug`, `title`, `url`.
    static func namesIdentity(_ key: String) -> Bool {
        guard let last = SwiftNames.words(key).last?.lowercased() else { return false }
        return identityWords.contains(last)
    }

    private static let identityWords: Set<String> = [
        "id", "ids", "uuid", "guid", "sha", "hash", "key", "token", "login", "username", "name", "email", "slug",
        "title", "url", "uri",
    ]
}
