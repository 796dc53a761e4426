// `--codable`: `Codable` conformances that read and write the API's own keys, beside the JSONMapper ones.
//
// `JSONDecoder` hands a keyed container the JSON's keys changed by its key strategy: `html_url` as it is under the
// default strategy, `htmlUrl` under `.convertFromSnakeCase`. No `CodingKeys` enum can name both, so the generated
// `init(from:)` asks for the JSON key when the container has it, else for the key as `.convertFromSnakeCase`
// presents it; `encode(to:)` writes the JSON key, which `JSONEncoder`'s default strategy leaves as it is. Fields are
// read and written as `init(_ c:)` and `write(to:)` do: optional ones may be missing, a collection some samples
// leave out is empty when missing and written only when it has elements, and a field the samples always have, some
// with `null`, writes `nil` as `null`.

extension SwiftEmitter {
    /// The name of the file-private coding key type the conformances use.
    static let codingKeyType = "JSONCodingKey"

    /// `init(from:)` and `encode(to:)` of a model.
    func codableLines(_ model: Model) -> [String] {
        let key = Self.codingKeyType
        var lines = [
            "    /// Reads the members under their JSON keys, or as `.convertFromSnakeCase` presents them.",
            "    \(access)init(from decoder: any Decoder) throws {",
            "        let c = try decoder.container(keyedBy: \(key).self)",
        ]
        for field in model.fields {
            lines.append("        \(reference(field)) = \(decoded(field))")
        }
        lines += [
            "    }",
            "",
            "    /// Writes the members under their JSON keys.",
            "    \(access)func encode(to encoder: any Encoder) throws {",
            "        var c = encoder.container(keyedBy: \(key).self)",
        ]
        for field in model.fields {
            lines.append("        " + encoded(field))
        }
        lines.append("    }")
        return lines
    }

    /// The expression that decodes the field from the container `c`.
    private func decoded(_ field: Model.Field) -> String {
        let type = typeName(field.type, alias: field.alias)
        let key = decodingKey(field.key)
        if field.required { return "try c.decode(\(type).self, forKey: \(key))" }
        let present = "try c.decodeIfPresent(\(type).self, forKey: \(key))"
        switch field.type.containers.first {
        case nil: return present
        case .array: return present + " ?? []"
        case .dictionary: return present + " ?? [:]"
        }
    }

    /// The statement that encodes the field into the container `c`.
    private func encoded(_ field: Model.Field) -> String {
        let key = "\(Self.codingKeyType)(\(Quoted.key(field.key)))"
        let reference = reference(field)
        switch (field.required, field.alwaysPresent, field.type.isCollection) {
        case (true, _, _):
            return "try c.encode(\(reference), forKey: \(key))"
        case (false, true, false):
            return "try c.encode(\(reference), forKey: \(key))"  // nil as null
        case (false, true, true):
            return "try c.encode(\(reference).isEmpty ? nil : \(reference), forKey: \(key))"
        case (false, false, false):
            return "try c.encodeIfPresent(\(reference), forKey: \(key))"
        case (false, false, true):
            return "if !\(reference).isEmpty { try c.encode(\(reference), forKey: \(key)) }"
        }
    }

    /// `c.key("html_url", "htmlUrl")`, or the key alone when `.convertFromSnakeCase` leaves it as it is.
    private func decodingKey(_ jsonKey: String) -> String {
        let converted = Self.convertedFromSnakeCase(jsonKey)
        guard converted != jsonKey else { return "\(Self.codingKeyType)(\(Quoted.key(jsonKey)))" }
        return "c.key(\(Quoted.key(jsonKey)), \(Quoted.key(converted)))"
    }

    /// The key as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` presents it: the words between
    /// underscores joined, the first in lower case and the others capitalized, keeping leading and trailing
    /// underscores; a key without an underscore inside is left as it is.
    static func convertedFromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }), let last = key.lastIndex(where: { $0 != "_" }) else {
            return key
        }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let capitalized = words.dropFirst().map { word in
            (word.first.map { String($0).uppercased() } ?? "") + word.dropFirst().lowercased()
        }
        let joined = words[0].lowercased() + capitalized.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// The file-private coding key type and the look-up of a key under either spelling, printed once per file.
    var codingKeyLines: [String] {
        let key = Self.codingKeyType
        return [
            "",
            "/// A key of the JSON text, for the `Codable` conformances above.",
            "private struct \(key): CodingKey {",
            "    let stringValue: String",
            "    var intValue: Int? { nil }",
            "",
            "    init(_ stringValue: String) {",
            "        self.stringValue = stringValue",
            "    }",
            "",
            "    init?(stringValue: String) {",
            "        self.stringValue = stringValue",
            "    }",
            "",
            "    init?(intValue: Int) {",
            "        return nil",
            "    }",
            "}",
            "",
            "private extension KeyedDecodingContainer where Key == \(key) {",
            "    /// The member's key as this container has it: `key` itself under the default key strategy, else",
            "    /// `converted`, as `.convertFromSnakeCase` presents it.",
            "    func key(_ key: String, _ converted: String) -> \(key) {",
            "        contains(\(key)(key)) ? \(key)(key) : \(key)(converted)",
            "    }",
            "}",
        ]
    }

    /// `init(from:)` of an enum: the raw value, or the fallback for a value the samples did not have, as
    /// `getEnum(_:fallback:)` reads it.
    func codableEnumLines(_ model: EnumModel) -> [String] {
        [
            "",
            "    /// Reads the raw value, or `\(model.fallback)` for a value the samples did not have.",
            "    \(access)init(from decoder: any Decoder) throws {",
            "        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? "
                + ".\(SwiftNames.declared(model.fallback))",
            "    }",
        ]
    }
}
