// Getters for enums with String or Int raw values (any `JSONPrimitive` raw value works):
//
//     enum Kind: String, CaseIterable { case photo, video, unknown }
//     kind = c.getEnum("kind")                      // nil, and a mismatch, for "gif"
//     kind = c.getEnum("kind", fallback: .unknown)  // .unknown, and a notice, for "gif"
//     kind = c.getEnum("kind", default: .photo)     // .photo for a missing value; .photo and a mismatch for "gif"
//
// An unknown value with no fallback is a type mismatch that names the value and, for `CaseIterable` enums, the
// allowed ones: `kind: expected Kind (one of "photo", "video", "unknown"), found String "gif"`; a raw value of the
// wrong type reads the same (`found Number 3`). A fallback's notice
// lists them the same way: `kind: used the fallback .unknown for String "gif" (not one of "photo", "video",
// "unknown")`. The allowed values are looked up from the type at run time, so every getter words its messages for
// an enum the same way, whichever overload the compiler chose.

extension JSONDeserializationContext {
    /// The enum case whose raw value is at `key`, or `nil` (an unknown value is recorded as a mismatch).
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The case; `nil` when missing or `null` (nothing recorded), or unknown or of the wrong type (a
    ///   mismatch is recorded).
    public func getEnum<T: RawRepresentable>(_ key: String) -> T? where T.RawValue: JSONPrimitive {
        readEnum(key, fallback: nil, required: false)
    }

    /// The enum case whose raw value is at `key`, `fallback` for a value the enum does not know (recorded as a
    /// notice, not a failure: an API that adds a case does not break the model), or `nil` when missing or `null`.
    ///
    /// Assigned to a non-optional property, the same call gives `fallback` for a missing or `null` value too:
    ///
    /// ```swift
    /// let visibility: Visibility                                   // enum Visibility { …, unknown }
    /// visibility = c.getEnum("visibility", fallback: .unknown)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - fallback: The case for unknown values, such as `.unknown`.
    /// - Returns: The case, `fallback`, or `nil` when missing or `null` (or with a mismatch recorded when the raw
    ///   value has the wrong type).
    public func getEnum<T: RawRepresentable>(_ key: String, fallback: T) -> T? where T.RawValue: JSONPrimitive {
        readEnum(key, fallback: fallback, required: false)
    }

    /// The enum case whose raw value is at `key`, or `fallback` for a missing, `null`, unknown (with a notice) or
    /// mistyped (with a mismatch) value: the form the compiler picks for a non-optional property.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - fallback: The case for unknown and missing values, such as `.unknown`.
    /// - Returns: The case, or `fallback`.
    @_disfavoredOverload
    public func getEnum<T: RawRepresentable>(_ key: String, fallback: T) -> T where T.RawValue: JSONPrimitive {
        readEnum(key, fallback: fallback, required: false) ?? fallback
    }

    /// The enum case whose raw value is at `key`, or `value` when it is missing, `null`, unknown or of the wrong
    /// type; the last two are still recorded as mismatches, as with the other `default:` getters.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The default.
    /// - Returns: The case, or `value`.
    public func getEnum<T: RawRepresentable>(_ key: String, default value: T) -> T where T.RawValue: JSONPrimitive {
        readEnum(key, fallback: nil, required: false) ?? value
    }

    /// The enum case at `key`: an unknown value gives `fallback` (with a notice); a missing or `null` value, or a
    /// raw value of the wrong type, is a required failure, with `fallback` as the placeholder.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - fallback: The case for unknown values, and the placeholder.
    /// - Returns: The case, or `fallback`.
    public func requireEnum<T: RawRepresentable>(_ key: String, fallback: T) -> T where T.RawValue: JSONPrimitive {
        readEnum(key, fallback: fallback, required: true) ?? fallback
    }

    /// The enum case at `key`, strictly: a missing, `null`, mistyped or unknown value is a required failure, with
    /// the first case as the placeholder.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The case, or the first case when the model failed.
    public func requireEnum<T: RawRepresentable & CaseIterable>(_ key: String) -> T where T.RawValue: JSONPrimitive {
        readEnum(key, fallback: nil, required: true) ?? Self.placeholder(T.self)
    }

    // MARK: At paths

    /// The enum case whose raw value is at `path`, or `nil`, as ``getEnum(_:)``.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The case, or `nil`.
    public func getEnum<T: RawRepresentable>(at path: [JSONPathElement]) -> T? where T.RawValue: JSONPrimitive {
        readEnum(at: path, fallback: nil, required: false)
    }

    /// The enum case whose raw value is at `path`, `fallback` for an unknown value (with a notice), or `nil` when
    /// missing, as ``getEnum(_:fallback:)->T?``.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - fallback: The case for unknown values.
    /// - Returns: The case, `fallback`, or `nil`.
    public func getEnum<T: RawRepresentable>(at path: [JSONPathElement], fallback: T) -> T?
    where T.RawValue: JSONPrimitive {
        readEnum(at: path, fallback: fallback, required: false)
    }

    /// The enum case whose raw value is at `path`, or `fallback` for a missing, unknown or mistyped value: the form
    /// for a non-optional property.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - fallback: The case for unknown and missing values.
    /// - Returns: The case, or `fallback`.
    @_disfavoredOverload
    public func getEnum<T: RawRepresentable>(at path: [JSONPathElement], fallback: T) -> T
    where T.RawValue: JSONPrimitive {
        readEnum(at: path, fallback: fallback, required: false) ?? fallback
    }

    /// The enum case whose raw value is at `path`, or `value`, as ``getEnum(_:default:)``.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    /// - Returns: The case, or `value`.
    public func getEnum<T: RawRepresentable>(at path: [JSONPathElement], default value: T) -> T
    where T.RawValue: JSONPrimitive {
        readEnum(at: path, fallback: nil, required: false) ?? value
    }

    /// The enum case at `path`, as ``requireEnum(_:fallback:)``: unknown values give `fallback`; a missing, `null`
    /// or mistyped value is a required failure with the full path.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - fallback: The case for unknown values, and the placeholder.
    /// - Returns: The case, or `fallback`.
    public func requireEnum<T: RawRepresentable>(at path: [JSONPathElement], fallback: T) -> T
    where T.RawValue: JSONPrimitive {
        readEnum(at: path, fallback: fallback, required: true) ?? fallback
    }

    /// The enum case at `path`, strictly, as ``requireEnum(_:)``.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The case, or the first case when the model failed.
    public func requireEnum<T: RawRepresentable & CaseIterable>(at path: [JSONPathElement]) -> T
    where T.RawValue: JSONPrimitive {
        readEnum(at: path, fallback: nil, required: true) ?? Self.placeholder(T.self)
    }

    // MARK: Machinery

    /// The raw values of a `CaseIterable` enum as messages show them (`"photo"`, `2`), or `nil` for another type.
    static func allowedRawValues<T: RawRepresentable>(of type: T.Type) -> [String]? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        return rawValues(of: iterable, as: type)
    }

    private static func rawValues<C: CaseIterable, T: RawRepresentable>(of _: C.Type, as _: T.Type) -> [String] {
        C.allCases.compactMap { ($0 as? T).map { describe(raw: $0.rawValue) } }
    }

    static func describe(raw: Any) -> String {
        if let text = raw as? String { return Quoting.quoted(text) }
        return "\(raw)"
    }

    /// The first case, the placeholder of a failed strict enum.
    private static func placeholder<T: CaseIterable>(_ type: T.Type) -> T {
        guard let first = T.allCases.first else { preconditionFailure("\(T.self).allCases is empty") }
        return first
    }

    private func readEnum<T: RawRepresentable>(_ key: String, fallback: T?, required: Bool) -> T?
    where T.RawValue: JSONPrimitive {
        guard let node = present(key, required: required, expected: Self.typeName(T.self)) else { return nil }
        return enumCase(node, fallback: fallback, required: required, at: { self.path(.key(key)) })
    }

    private func readEnum<T: RawRepresentable>(at path: [JSONPathElement], fallback: T?, required: Bool) -> T?
    where T.RawValue: JSONPrimitive {
        guard let node = present(at: path, required: required, expected: Self.typeName(T.self)) else { return nil }
        return enumCase(node, fallback: fallback, required: required, at: { self.path(path) })
    }

    /// The case whose raw value `node` holds; for an unknown raw value, `fallback` with a notice, or `nil` with a
    /// mismatch. A raw value of the wrong type is a mismatch worded as for an unknown one: it names the enum.
    private func enumCase<T: RawRepresentable>(
        _ node: JSONNode, fallback: T?, required: Bool, at path: () -> String
    ) -> T? where T.RawValue: JSONPrimitive {
        let allowed = Self.allowedRawValues(of: T.self)
        let expected = Self.typeName(T.self) + (allowed.map { " (one of \($0.joined(separator: ", ")))" } ?? "")
        var reader = JSONPrimitiveReader(node: node, context: self, required: required)
        reader.expectation = expected
        guard let raw = T.RawValue._read(reader, at: path) else { return nil }
        if let value = T(rawValue: raw) { return value }
        if let fallback {
            let known = allowed.map { " (not one of \($0.joined(separator: ", ")))" } ?? ""
            notice(.fallbackUsed, path: path(), "used the fallback .\(fallback) for \(node.found)\(known)")
            return fallback
        }
        reader.mismatch(path, expected: expected, note: nil)
        return nil
    }
}
