import Foundation

// The `at:` forms of the primitive getters: a value deep inside the object, named by member names and array indices
// (`["user", "entities", "urls", 0, "url"]`), with the same rules and messages as the key forms. Missing steps give
// `nil`; a step of the wrong type records a mismatch at that step; the required forms record a required failure with
// the full path (`user.id: missing required Int`).

extension JSONDeserializationContext {
    // MARK: Any primitive

    /// The value of type `T` at `path`, or `nil`: `let url: URL? = c.get(at: ["user", "url"])`.
    ///
    /// Missing steps give `nil`; a value or step of the wrong type gives `nil` and a mismatch with the full path.
    ///
    /// - Parameters:
    ///   - type: The value's type; usually inferred.
    ///   - path: Member names and array indices from this context's value.
    /// - Returns: The value, or `nil`.
    public func get<T: JSONPrimitive>(_ type: T.Type = T.self, at path: [JSONPathElement]) -> T? {
        read(at: path, required: false)
    }

    // MARK: Optional

    /// The string at `path`, or `nil`: `c.getString(at: ["user", "entities", "urls", 0, "url"])`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getString(at path: [JSONPathElement]) -> String? { read(at: path, required: false) }

    /// The integer at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getInt(at path: [JSONPathElement]) -> Int? { read(at: path, required: false) }

    /// The 64-bit integer at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getInt64(at path: [JSONPathElement]) -> Int64? { read(at: path, required: false) }

    /// The unsigned 64-bit integer at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getUInt64(at path: [JSONPathElement]) -> UInt64? { read(at: path, required: false) }

    /// The number as a `Double` at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getDouble(at path: [JSONPathElement]) -> Double? { read(at: path, required: false) }

    /// The number as a `Float` at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getFloat(at path: [JSONPathElement]) -> Float? { read(at: path, required: false) }

    /// The exact decimal at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getDecimal(at path: [JSONPathElement]) -> Decimal? { read(at: path, required: false) }

    /// The boolean at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getBool(at path: [JSONPathElement]) -> Bool? { read(at: path, required: false) }

    /// The URL at `path`, or `nil`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func getURL(at path: [JSONPathElement]) -> URL? { read(at: path, required: false) }

    // MARK: Required

    /// The string at `path`; records a required failure with the full path and returns "" when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireString(at path: [JSONPathElement]) -> String { read(at: path, required: true) ?? "" }

    /// The integer at `path`; records a required failure with the full path and returns 0 when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireInt(at path: [JSONPathElement]) -> Int { read(at: path, required: true) ?? 0 }

    /// The 64-bit integer at `path`; records a required failure with the full path and returns 0 when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireInt64(at path: [JSONPathElement]) -> Int64 { read(at: path, required: true) ?? 0 }

    /// The unsigned 64-bit integer at `path`; records a required failure with the full path and returns 0 when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireUInt64(at path: [JSONPathElement]) -> UInt64 { read(at: path, required: true) ?? 0 }

    /// The number as a `Double` at `path`; records a required failure with the full path and returns 0 when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireDouble(at path: [JSONPathElement]) -> Double { read(at: path, required: true) ?? 0 }

    /// The number as a `Float` at `path`; records a required failure with the full path and returns 0 when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireFloat(at path: [JSONPathElement]) -> Float { read(at: path, required: true) ?? 0 }

    /// The exact decimal at `path`; records a required failure with the full path and returns 0 when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireDecimal(at path: [JSONPathElement]) -> Decimal { read(at: path, required: true) ?? 0 }

    /// The boolean at `path`; records a required failure with the full path and returns `false` when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireBool(at path: [JSONPathElement]) -> Bool { read(at: path, required: true) ?? false }

    /// The URL at `path`; records a required failure with the full path and returns `about:blank` when it
    /// is missing, `null` or unusable.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    public func requireURL(at path: [JSONPathElement]) -> URL { read(at: path, required: true) ?? Self.placeholderURL }

    // MARK: Defaults

    /// The string at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getString(at path: [JSONPathElement], default value: String) -> String { getString(at: path) ?? value }

    /// The integer at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getInt(at path: [JSONPathElement], default value: Int) -> Int { getInt(at: path) ?? value }

    /// The 64-bit integer at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getInt64(at path: [JSONPathElement], default value: Int64) -> Int64 { getInt64(at: path) ?? value }

    /// The unsigned 64-bit integer at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getUInt64(at path: [JSONPathElement], default value: UInt64) -> UInt64 { getUInt64(at: path) ?? value }

    /// The number as a `Double` at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getDouble(at path: [JSONPathElement], default value: Double) -> Double { getDouble(at: path) ?? value }

    /// The number as a `Float` at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getFloat(at path: [JSONPathElement], default value: Float) -> Float { getFloat(at: path) ?? value }

    /// The exact decimal at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getDecimal(at path: [JSONPathElement], default value: Decimal) -> Decimal {
        getDecimal(at: path) ?? value
    }

    /// The boolean at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getBool(at path: [JSONPathElement], default value: Bool) -> Bool { getBool(at: path) ?? value }

    /// The URL at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still
    /// recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The default.
    public func getURL(at path: [JSONPathElement], default value: URL) -> URL { getURL(at: path) ?? value }

    // MARK: Arrays and dictionaries of primitives

    /// The array at `path`, with elements of a ``JSONPrimitive`` type, leniently as ``getArray(_:)-43jvv``; empty when
    /// missing.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The elements that have the requested type, in order.
    public func getArray<T: JSONPrimitive>(at path: [JSONPathElement]) -> [T] { read(at: path, required: false) ?? [] }

    /// The array at `path`, strictly as ``requireArray(_:)-74p04``: missing, `null`, or any element of the wrong
    /// type is a required failure.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The elements that have the requested type (all of them unless the model failed).
    public func requireArray<T: JSONPrimitive>(at path: [JSONPathElement]) -> [T] {
        read(at: path, required: true) ?? []
    }

    /// The dictionary at `path`, whose values have a ``JSONPrimitive`` type, leniently as
    /// ``getDictionary(_:)->[String:V]``.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The members whose values have the requested type.
    public func getDictionary<V: JSONPrimitive>(at path: [JSONPathElement]) -> [String: V] {
        readDictionary(at: path, required: false) ?? [:]
    }

    /// The dictionary at `path`, strictly as ``requireDictionary(_:)->[String:V]``.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The members whose values have the requested type.
    public func requireDictionary<V: JSONPrimitive>(at path: [JSONPathElement]) -> [String: V] {
        readDictionary(at: path, required: true) ?? [:]
    }
}
