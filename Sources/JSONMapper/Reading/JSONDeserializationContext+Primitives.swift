import Foundation

// Getters for values with no model of their own: strings, numbers, booleans, URLs, and arrays and dictionaries of
// them. Optional getters (`get…`) give `nil` for a missing key or `null` without recording anything, and `nil` plus
// a recorded type mismatch for a value of the wrong type. Required getters (`require…`) give a placeholder instead
// and record a required failure, which makes the model fail.

extension JSONDeserializationContext {
    /// The string at `key`, or `nil`.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The string; `nil` when the key is missing, the value is `null` (neither recorded) or the value is
    ///   not a string (recorded as a type mismatch).
    public func getString(_ key: String) -> String? {
        fastOptional(key, { $0.fastString($1) }) ?? read(key, required: false)
    }

    /// The integer at `key`, or `nil`: only a number whose value is a whole number within `Int`'s range
    /// (`42`, `42.0` and `1e3` are; `3.7`, `1e30`, `true` and `"42"` are not).
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The integer, or `nil` (a mismatch is recorded unless the key is missing or the value `null`).
    public func getInt(_ key: String) -> Int? {
        fastOptional(key, { $0.fastInteger($1, as: Int.self) }) ?? read(key, required: false)
    }

    /// The 64-bit integer at `key`, or `nil`; the rules of ``getInt(_:)`` apply.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getInt64(_ key: String) -> Int64? {
        fastOptional(key, { $0.fastInteger($1, as: Int64.self) }) ?? read(key, required: false)
    }

    /// The unsigned 64-bit integer at `key`, or `nil`: up to 18446744073709551615, never negative.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getUInt64(_ key: String) -> UInt64? {
        fastOptional(key, { $0.fastInteger($1, as: UInt64.self) }) ?? read(key, required: false)
    }

    /// The number at `key` as the nearest `Double`, or `nil`. Any number is accepted except one beyond `Double`'s
    /// range (`1e400`), which is a mismatch rather than infinity.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getDouble(_ key: String) -> Double? {
        fastOptional(key, { $0.fastDouble($1) }) ?? read(key, required: false)
    }

    /// The number at `key` as the nearest `Float`, or `nil` (also when it is beyond `Float`'s range).
    ///
    /// - Parameter key: The member name in this context's object.
    public func getFloat(_ key: String) -> Float? {
        fastOptional(key, { $0.fastFloat($1) }) ?? read(key, required: false)
    }

    /// The exact decimal value of the number at `key`, or `nil`.
    ///
    /// On the native engine the value comes from the number's text, so `0.1` is exactly 0.1: use it for money.
    /// A number `Decimal` cannot hold exactly (more than 39 significant digits, or 39 that exceed 2^128 − 1) is a
    /// mismatch.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getDecimal(_ key: String) -> Decimal? { read(key, required: false) }

    /// The boolean at `key`, or `nil`: only `true` and `false`, never `1`, `0` or `"true"`.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getBool(_ key: String) -> Bool? {
        fastOptional(key, { $0.fastBool($1) }) ?? read(key, required: false)
    }

    /// The URL in the string at `key`, or `nil`: the text must be an RFC 3986 URI reference, absolute
    /// (`https://example.com/a?b`) or relative (`/a?b`), checked the same way on every platform. Other text, such as
    /// `"not a url"`, is a mismatch that says why: `expected URL, found String "not a url" (not a URL: " " at
    /// character 4 is not allowed)`.
    ///
    /// - Parameter key: The member name in this context's object.
    public func getURL(_ key: String) -> URL? { read(key, required: false) }

    /// The string at `key`; records a required failure and returns `""` when it is missing, `null` or not a string.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireString(_ key: String) -> String {
        fastRequired(key, { $0.fastString($1) }) ?? read(key, required: true) ?? ""
    }

    /// The integer at `key` (rules of ``getInt(_:)``); records a required failure and returns 0 when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireInt(_ key: String) -> Int {
        fastRequired(key, { $0.fastInteger($1, as: Int.self) }) ?? read(key, required: true) ?? 0
    }

    /// The 64-bit integer at `key`; records a required failure and returns 0 when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireInt64(_ key: String) -> Int64 {
        fastRequired(key, { $0.fastInteger($1, as: Int64.self) }) ?? read(key, required: true) ?? 0
    }

    /// The unsigned 64-bit integer at `key`; records a required failure and returns 0 when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireUInt64(_ key: String) -> UInt64 {
        fastRequired(key, { $0.fastInteger($1, as: UInt64.self) }) ?? read(key, required: true) ?? 0
    }

    /// The number at `key` as a `Double`; records a required failure and returns 0 when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireDouble(_ key: String) -> Double {
        fastRequired(key, { $0.fastDouble($1) }) ?? read(key, required: true) ?? 0
    }

    /// The number at `key` as a `Float`; records a required failure and returns 0 when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireFloat(_ key: String) -> Float {
        fastRequired(key, { $0.fastFloat($1) }) ?? read(key, required: true) ?? 0
    }

    /// The exact decimal at `key` (see ``getDecimal(_:)``); records a required failure and returns 0 when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireDecimal(_ key: String) -> Decimal { read(key, required: true) ?? 0 }

    /// The boolean at `key`; records a required failure and returns `false` when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireBool(_ key: String) -> Bool {
        fastRequired(key, { $0.fastBool($1) }) ?? read(key, required: true) ?? false
    }

    /// The URL at `key`; records a required failure and returns `about:blank` when unusable.
    ///
    /// - Parameter key: The member name in this context's object.
    public func requireURL(_ key: String) -> URL { read(key, required: true) ?? Self.placeholderURL }

    static let placeholderURL = URL(string: "about:blank") ?? URL(fileURLWithPath: "/")

    // MARK: Arrays and dictionaries of primitives

    /// The array at `key`, with elements of a ``JSONPrimitive`` type, including nested arrays:
    ///
    /// ```swift
    /// let roles: [String] = c.getArray("roles")
    /// let coordinates: [[[Double]]] = c.getArray("coordinates")
    /// ```
    ///
    /// A missing key or `null` gives an empty array. Elements of the wrong type are dropped, each recorded with its
    /// index (`roles[1]: expected String, found Number 5`); a value that is not an array gives `[]` and a mismatch.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The elements that have the requested type, in order.
    public func getArray<T: JSONPrimitive>(_ key: String) -> [T] { T._array(in: self, key: key, required: false) ?? [] }

    /// The top-level array of this context (for a document such as `[1, 2, 3]`), leniently, as ``getArray(_:)-43jvv``.
    ///
    /// - Returns: The elements that have the requested type, in order.
    public func getArray<T: JSONPrimitive>() -> [T] { readSelf(required: false) ?? [] }

    /// The top-level array of this context, strictly: not an array, `null`, or any element of the wrong type is a
    /// required failure.
    ///
    /// - Returns: The elements that have the requested type (all of them unless the model failed).
    public func requireArray<T: JSONPrimitive>() -> [T] { readSelf(required: true) ?? [] }

    /// The array at `key`, strictly: a missing array, `null`, or any element of the wrong type is a required failure.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The elements that have the requested type (all of them unless the model failed).
    public func requireArray<T: JSONPrimitive>(_ key: String) -> [T] {
        T._array(in: self, key: key, required: true) ?? []
    }

    /// The dictionary at `key`, whose values have a ``JSONPrimitive`` type: `let names: [String: String] =
    /// c.getDictionary("names")`. Missing or `null` gives `[:]`; members of the wrong type are dropped and recorded.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The members whose values have the requested type.
    public func getDictionary<V: JSONPrimitive>(_ key: String) -> [String: V] {
        readDictionary(key, required: false) ?? [:]
    }

    /// The dictionary at `key`, strictly: missing, `null`, or any member of the wrong type is a required failure.
    ///
    /// - Parameter key: The member name in this context's object.
    /// - Returns: The members whose values have the requested type.
    public func requireDictionary<V: JSONPrimitive>(_ key: String) -> [String: V] {
        readDictionary(key, required: true) ?? [:]
    }

    // MARK: Machinery

    /// The value at `key`, or `nil` with a required failure recorded for a missing or `null` required value.
    @inline(__always)
    func present(_ key: String, required: Bool, expected: @autoclosure () -> String) -> JSONNode? {
        guard let node = value(key) else {
            if required { fail(.missing(path: path(.key(key)), expected: expected())) }
            return nil
        }
        if node.kind == .null {
            if required { fail(.requiredNull(path: path(.key(key)), expected: expected())) }
            return nil
        }
        return node
    }

    @inline(__always)
    func read<T: JSONPrimitive>(_ key: String, required: Bool) -> T? {
        guard let node = present(key, required: required, expected: T.jsonTypeName) else { return nil }
        let reader = JSONPrimitiveReader(node: node, context: self, required: required)
        return T._read(reader, at: { self.path(.key(key)) })
    }

    func readSelf<T: JSONPrimitive>(required: Bool) -> T? {
        guard let node, node.kind != .null else {
            if required { fail(.missing(path: path, expected: T.jsonTypeName)) }
            return nil
        }
        return T._read(JSONPrimitiveReader(node: node, context: self, required: required), at: { self.path })
    }

    func readDictionary<V: JSONPrimitive>(_ key: String, required: Bool) -> [String: V]? {
        guard let node = present(key, required: required, expected: "[String: \(V.jsonTypeName)]") else { return nil }
        return dictionary(node, required: required, at: { self.path(.key(key)) })
    }

    func readDictionary<V: JSONPrimitive>(at path: [JSONPathElement], required: Bool) -> [String: V]? {
        guard let node = present(at: path, required: required, expected: "[String: \(V.jsonTypeName)]") else {
            return nil
        }
        return dictionary(node, required: required, at: { self.path(path) })
    }

    /// The members of the object `node` whose values are of type `V`; the others are dropped and recorded.
    private func dictionary<V: JSONPrimitive>(
        _ node: JSONNode, required: Bool, at path: @escaping () -> String
    ) -> [String: V]? {
        func typeName() -> String { "[String: \(V.jsonTypeName)]" }
        let reader = JSONPrimitiveReader(node: node, context: self, required: required)
        guard node.kind == .object else {
            reader.mismatch(path, expected: typeName(), note: nil)
            return nil
        }
        var result: [String: V] = Dictionary(minimumCapacity: node.count)
        node.forEachMember { member, value in
            // A local function rather than a closure value, which would be allocated per member (see `readArray`).
            func memberPath() -> String { JSONPath.appending(.key(member), to: path()) }
            if let converted = V._read(reader.reading(value), at: memberPath) {
                result._setMember(member, converted)
            } else {
                reader.dropped(memberPath, from: typeName())
            }
        }
        return result
    }
}
