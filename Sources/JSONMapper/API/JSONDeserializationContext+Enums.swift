// Getters for enums with String or Int raw values (any `JSONPrimitive` raw value works):
//
//     enum Kind: String, CaseIterable { case photo, video, unknown }
//     kind = c.getEnum("kind")                      // nil, and a mismatch, for "gif"
//     kind = c.getEnum("kind", fallback: .unknown)  // .unknown, and a notice, for "gif"
//
// An unknown value with no fallback is a type mismatch that names the value and, for `CaseIterable` enums, the
// allowed ones: `kind: expected Kind (one of "photo", "video", "unknown"), found String "gif"`.

extension JSONDeserializationContext {
    /// The enum case whose raw value is at `key`, or `nil` (an unknown value is recorded as a mismatch).
    ///
    /// - Parameter key: The member name in this context's object.
    public func getEnum<T: RawRepresentable>(_ key: String) -> T? where T.RawValue: JSONPrimitive {
        readEnum(key, allowed: nil, fallback: nil, required: false)
    }

    /// The enum case whose raw value is at `key`, or `nil`; an unknown value is a mismatch that lists the cases.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getEnum<T: RawRepresentable & CaseIterable>(_ key: String) -> T? where T.RawValue: JSONPrimitive {
        readEnum(key, allowed: Self.rawValues(of: T.self), fallback: nil, required: false)
    }

    /// The enum case whose raw value is at `key`, `fallback` for a value the enum does not know (recorded as a
    /// notice, not a failure: an API that adds a case does not break the model), or `nil` when missing or `null`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - fallback: The case for unknown values, such as `.unknown`.
    public func getEnum<T: RawRepresentable>(_ key: String, fallback: T) -> T? where T.RawValue: JSONPrimitive {
        readEnum(key, allowed: nil, fallback: fallback, required: false)
    }

    /// As ``getEnum(_:fallback:)``, with the known cases listed in the notice.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - fallback: The case for unknown values, such as `.unknown`.
    public func getEnum<T: RawRepresentable & CaseIterable>(_ key: String, fallback: T) -> T?
    where T.RawValue: JSONPrimitive {
        readEnum(key, allowed: Self.rawValues(of: T.self), fallback: fallback, required: false)
    }

    /// The enum case at `key`: unknown values give `fallback` (with a notice); a missing, `null` or mistyped value
    /// is a required failure, with `fallback` as the placeholder.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - fallback: The case for unknown values, and the placeholder.
    public func requireEnum<T: RawRepresentable>(_ key: String, fallback: T) -> T where T.RawValue: JSONPrimitive {
        readEnum(key, allowed: nil, fallback: fallback, required: true) ?? fallback
    }

    /// The enum case at `key`, strictly: a missing, `null`, mistyped or unknown value is a required failure, with the
    /// first case as the placeholder.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireEnum<T: RawRepresentable & CaseIterable>(_ key: String) -> T where T.RawValue: JSONPrimitive {
        if let value: T = readEnum(key, allowed: Self.rawValues(of: T.self), fallback: nil, required: true) {
            return value
        }
        guard let placeholder = T.allCases.first else { preconditionFailure("\(T.self).allCases is empty") }
        return placeholder
    }

    // MARK: Machinery

    static func rawValues<T: RawRepresentable & CaseIterable>(of type: T.Type) -> [String] {
        T.allCases.map { describe(raw: $0.rawValue) }
    }

    static func describe(raw: Any) -> String {
        if let text = raw as? String { return Quoting.quoted(text) }
        return "\(raw)"
    }

    private func readEnum<T: RawRepresentable>(
        _ key: String, allowed: [String]?, fallback: T?, required: Bool
    ) -> T? where T.RawValue: JSONPrimitive {
        let typeName = Self.typeName(T.self)
        guard let node = present(key, required: required, expected: typeName) else { return nil }
        let path = { self.path(.key(key)) }
        let reader = JSONPrimitiveReader(node: node, context: self, required: required)
        guard let raw = T.RawValue._read(reader, at: path) else { return nil }
        if let value = T(rawValue: raw) { return value }
        let known = allowed.map { " (not one of \($0.joined(separator: ", ")))" } ?? ""
        if let fallback {
            notice(.fallbackUsed, path: path(), "used the fallback .\(fallback) for \(node.found)\(known)")
            return fallback
        }
        let expected = typeName + (allowed.map { " (one of \($0.joined(separator: ", ")))" } ?? "")
        reader.mismatch(path, expected: expected, note: nil)
        return nil
    }
}
